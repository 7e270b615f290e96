import { cloneAccount } from "../chain/accounts.js";
import { isValidAddress } from "../crypto/address.js";
import { ContractType } from "../protocol/contract-types.js";
import { AccountUpdateContractSchema } from "../protocol/generated/protocol/contracts_pb.js";
import { Tables } from "../state/tables.js";
import { type Actuator, validateError } from "./actuator.js";

const MAX_ACCOUNT_NAME_BYTES = 200;

/** AccountUpdateContract (type 10): sets the account name (once, unless ALLOW_UPDATE_ACCOUNT_NAME). */
export const accountUpdateActuator: Actuator<typeof AccountUpdateContractSchema> = {
  type: ContractType.AccountUpdateContract,
  schema: AccountUpdateContractSchema,
  typeErrorMessage:
    "contract type error, expected type [AccountUpdateContract], real type[class com.google.protobuf.Any]",
  ownerAddress: (p) => p.ownerAddress,

  validate({ state, props }, p) {
    if (p.accountName.length > MAX_ACCOUNT_NAME_BYTES) throw validateError("Invalid accountName");
    if (!isValidAddress(p.ownerAddress)) throw validateError("Invalid ownerAddress");
    const account = state.get(Tables.accounts, p.ownerAddress);
    if (!account) throw validateError("Account does not exist");
    const updatable = props.isOn("ALLOW_UPDATE_ACCOUNT_NAME");
    if (account.accountName.length > 0 && !updatable) {
      throw validateError("This account name is already existed");
    }
    if (state.get(Tables.accountNameIndex, p.accountName) && !updatable) {
      throw validateError("This name is existed");
    }
  },

  execute({ state }, p) {
    const account = cloneAccount(state.get(Tables.accounts, p.ownerAddress)!);
    account.accountName = p.accountName;
    state.put(Tables.accounts, p.ownerAddress, account);
    state.put(Tables.accountNameIndex, p.accountName, p.ownerAddress);
    return { fee: 0n };
  },
};
