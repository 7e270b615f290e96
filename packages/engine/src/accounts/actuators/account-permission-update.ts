import { clone } from "@bufbuild/protobuf";
import { type Actuator, executeError, typeErrorA, validateError } from "../../actuator/actuator.js";
import { cloneAccount } from "../../chain/accounts.js";
import { addExact } from "../../chain/arithmetic.js";
import { adjustBalance, burnFee } from "../../chain/fees.js";
import {
  FIRST_ACTIVE_PERMISSION_ID,
  OWNER_PERMISSION_ID,
  WITNESS_PERMISSION_ID,
} from "../../chain/permissions.js";
import { isValidAddress } from "../../crypto/address.js";
import { bytesToHex } from "../../crypto/bytes.js";
import { TronodeError } from "../../errors.js";
import { ContractType } from "../../protocol/contract-types.js";
import { AccountPermissionUpdateContractSchema } from "../../protocol/generated/protocol/contracts_pb.js";
import {
  type Permission,
  Permission_PermissionType,
  PermissionSchema,
} from "../../protocol/generated/protocol/core_pb.js";
import type { ChainProperties } from "../../state/chain-properties.js";
import { CoreTables } from "../../state/core-tables.js";

/** At most this many active permissions per account. */
export const MAX_ACTIVE_PERMISSIONS = 8;
/** A permission name may hold at most this many Java chars (UTF-16 code units). */
export const MAX_PERMISSION_NAME_LENGTH = 32;
/** Length of an active permission's operations mask (256 contract types). */
export const OPERATIONS_LENGTH = 32;

/** Java's `PermissionType.toString()`: Owner, Witness or Active. */
function typeName(type: Permission_PermissionType): string {
  return Permission_PermissionType[type] ?? "UNRECOGNIZED";
}

/**
 * java-tron's checkPermission of AccountPermissionUpdateActuator: key count, threshold, name,
 * parent, distinct and valid keys with positive weights whose sum (overflow-checked) reaches the
 * threshold, and the operations rules (owner/witness: none; active: 32 bytes, only available types).
 */
function checkPermission(permission: Permission, props: ChainProperties): void {
  const totalSignNum = props.get("TOTAL_SIGN_NUM");
  const keys = permission.keys;
  if (BigInt(keys.length) > totalSignNum) {
    throw validateError(`number of keys in permission should not be greater than ${totalSignNum}`);
  }
  if (keys.length === 0) throw validateError("key's count should be greater than 0");
  if (permission.type === Permission_PermissionType.Witness && keys.length !== 1) {
    throw validateError("Witness permission's key count should be 1");
  }
  if (permission.threshold <= 0n) throw validateError("permission's threshold should be greater than 0");
  // String.length() counts UTF-16 code units, as JavaScript's does.
  if (permission.permissionName.length > MAX_PERMISSION_NAME_LENGTH) {
    throw validateError("permission's name is too long");
  }
  if (permission.parentId !== 0) throw validateError("permission's parent should be owner");

  const distinct = new Set(keys.map((k) => bytesToHex(k.address)));
  if (distinct.size !== keys.length) {
    throw validateError(`address should be distinct in permission ${typeName(permission.type)}`);
  }
  let weightSum = 0n;
  for (const key of keys) {
    if (!isValidAddress(key.address)) throw validateError("key is not a validate address");
    if (key.weight <= 0n) throw validateError("key's weight should be greater than 0");
    try {
      weightSum = addExact(weightSum, key.weight);
    } catch (e) {
      if (e instanceof TronodeError) throw validateError(e.message);
      throw e;
    }
  }
  if (weightSum < permission.threshold) {
    throw validateError(
      `sum of all key's weight should not be less than threshold in permission ${typeName(permission.type)}`,
    );
  }

  const operations = permission.operations;
  if (permission.type !== Permission_PermissionType.Active) {
    if (operations.length > 0)
      throw validateError(`${typeName(permission.type)} permission needn't operations`);
    return;
  }
  if (operations.length !== OPERATIONS_LENGTH) throw validateError("operations size must 32");
  const available = props.getBytes("AVAILABLE_CONTRACT_TYPE");
  for (let i = 0; i < OPERATIONS_LENGTH * 8; i++) {
    const bit = 1 << (i & 7);
    const wanted = (operations[i >> 3]! & bit) !== 0;
    const allowed = ((available[i >> 3] ?? 0) & bit) !== 0;
    if (wanted && !allowed) throw validateError(`${i} isn't a validate ContractType`);
  }
}

/** A copy of a requested permission carrying the id the node assigns. */
function withId(permission: Permission, id: number): Permission {
  const copy = clone(PermissionSchema, permission);
  copy.id = id;
  return copy;
}

/**
 * AccountPermissionUpdateContract (type 46): replaces the owner, witness (witness accounts only) and
 * active permissions. Ids are assigned by the node (owner 0, witness 1, actives 2, 3, … in request
 * order). The fee UPDATE_ACCOUNT_PERMISSION_FEE is charged in execute, so a balance too low for it
 * is an execute error, not a validate error.
 */
export const accountPermissionUpdateActuator: Actuator<typeof AccountPermissionUpdateContractSchema> = {
  type: ContractType.AccountPermissionUpdateContract,
  schema: AccountPermissionUpdateContractSchema,
  typeErrorMessage: typeErrorA("AccountPermissionUpdateContract"),

  validate({ state, props }, p) {
    if (props.get("ALLOW_MULTI_SIGN") !== 1n) {
      throw validateError("multi sign is not allowed, need to be opened by the committee");
    }
    if (!isValidAddress(p.ownerAddress)) throw validateError("invalidate ownerAddress");
    const account = state.get(CoreTables.accounts, p.ownerAddress);
    if (!account) throw validateError("ownerAddress account does not exist");
    if (!p.owner) throw validateError("owner permission is missed");
    if (account.isWitness) {
      if (!p.witness) throw validateError("witness permission is missed");
    } else if (p.witness) {
      throw validateError("account isn't witness can't set witness permission");
    }
    if (p.actives.length === 0) throw validateError("active permission is missed");
    if (p.actives.length > MAX_ACTIVE_PERMISSIONS) throw validateError("active permission is too many");

    if (p.owner.type !== Permission_PermissionType.Owner)
      throw validateError("owner permission type is error");
    checkPermission(p.owner, props);
    if (account.isWitness) {
      const witness = p.witness!;
      if (witness.type !== Permission_PermissionType.Witness) {
        throw validateError("witness permission type is error");
      }
      checkPermission(witness, props);
    }
    for (const active of p.actives) {
      if (active.type !== Permission_PermissionType.Active)
        throw validateError("active permission type is error");
      checkPermission(active, props);
    }
  },

  execute({ state, props }, p) {
    const fee = props.get("UPDATE_ACCOUNT_PERMISSION_FEE");
    const account = cloneAccount(state.get(CoreTables.accounts, p.ownerAddress)!);
    account.ownerPermission = withId(p.owner!, OWNER_PERMISSION_ID);
    if (account.isWitness && p.witness) account.witnessPermission = withId(p.witness, WITNESS_PERMISSION_ID);
    account.activePermission = p.actives.map((a, i) => withId(a, FIRST_ACTIVE_PERMISSION_ID + i));
    state.put(CoreTables.accounts, p.ownerAddress, account);
    try {
      adjustBalance(state, p.ownerAddress, -fee);
    } catch (e) {
      if (e instanceof TronodeError) throw executeError(e.message);
      throw e;
    }
    burnFee(state, props, fee);
    return { fee };
  },
};
