import { type Actuator, validateError } from "../../actuator/actuator.js";
import { cloneAccount } from "../../chain/accounts.js";
import { isValidAddress } from "../../crypto/address.js";
import { ContractType } from "../../protocol/contract-types.js";
import { AccountUpdateContractSchema } from "../../protocol/generated/protocol/contracts_pb.js";
import { CoreTables } from "../../state/core-tables.js";

const MAX_ACCOUNT_NAME_BYTES = 200;

/** AccountUpdateContract (type 10): sets the account name (once, unless ALLOW_UPDATE_ACCOUNT_NAME). */
export const accountUpdateActuator: Actuator<typeof AccountUpdateContractSchema> = {
  type: ContractType.AccountUpdateContract,
  schema: AccountUpdateContractSchema,
  typeErrorMessage:
    "contract type error, expected type [AccountUpdateContract], real type[class com.google.protobuf.Any]",

  validate({ state, props }, p) {
    if (p.accountName.length > MAX_ACCOUNT_NAME_BYTES) throw validateError("Invalid accountName");
    if (!isValidAddress(p.ownerAddress)) throw validateError("Invalid ownerAddress");
    const account = state.get(CoreTables.accounts, p.ownerAddress);
    if (!account) throw validateError("Account does not exist");
    const updatable = props.isOn("ALLOW_UPDATE_ACCOUNT_NAME");
    if (account.accountName.length > 0 && !updatable) {
      throw validateError("This account name is already existed");
    }
    if (state.get(CoreTables.accountNameIndex, p.accountName) && !updatable) {
      throw validateError("This name is existed");
    }
  },

  execute({ state }, p) {
    const account = cloneAccount(state.get(CoreTables.accounts, p.ownerAddress)!);
    account.accountName = p.accountName;
    state.put(CoreTables.accounts, p.ownerAddress, account);
    state.put(CoreTables.accountNameIndex, p.accountName, p.ownerAddress);
    return { fee: 0n };
  },
};
