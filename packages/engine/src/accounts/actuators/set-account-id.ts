import { type Actuator, typeErrorA, validateError } from "../../actuator/actuator.js";
import { cloneAccount } from "../../chain/accounts.js";
import { isValidAddress } from "../../crypto/address.js";
import { utf8Decode, utf8Encode } from "../../crypto/bytes.js";
import { ContractType } from "../../protocol/contract-types.js";
import { SetAccountIdContractSchema } from "../../protocol/generated/protocol/contracts_pb.js";
import { CoreTables } from "../../state/core-tables.js";

/** java-tron's validAccountId: 8–32 bytes, each a printable ASCII character other than space. */
export function isValidAccountId(id: Uint8Array): boolean {
  if (id.length < 8 || id.length > 32) return false;
  for (const b of id) if (b < 0x21 || b > 0x7e) return false;
  return true;
}

/** Account ids are unique without regard to case: the index key is the lower-cased id. */
export function accountIdIndexKey(id: Uint8Array): Uint8Array {
  return utf8Encode(utf8Decode(id).toLowerCase());
}

/** SetAccountIdContract (type 19): sets an immutable, unique account id. */
export const setAccountIdActuator: Actuator<typeof SetAccountIdContractSchema> = {
  type: ContractType.SetAccountIdContract,
  schema: SetAccountIdContractSchema,
  typeErrorMessage: typeErrorA("SetAccountIdContract"),

  validate({ state }, p) {
    if (!isValidAccountId(p.accountId)) throw validateError("Invalid accountId");
    if (!isValidAddress(p.ownerAddress)) throw validateError("Invalid ownerAddress");
    const account = state.get(CoreTables.accounts, p.ownerAddress);
    if (!account) throw validateError("Account has not existed");
    if (account.accountId.length > 0) throw validateError("This account id already set");
    if (state.get(CoreTables.accountIdIndex, accountIdIndexKey(p.accountId)))
      throw validateError("This id has existed");
  },

  execute({ state }, p) {
    const account = cloneAccount(state.get(CoreTables.accounts, p.ownerAddress)!);
    account.accountId = p.accountId;
    state.put(CoreTables.accounts, p.ownerAddress, account);
    state.put(CoreTables.accountIdIndex, accountIdIndexKey(p.accountId), p.ownerAddress);
    return { fee: 0n };
  },
};
