import { create } from "@bufbuild/protobuf";
import { type Account, AccountSchema, type AccountType } from "../protocol/generated/protocol/core_pb.js";
import type { ChainProperties } from "../state/chain-properties.js";
import { activeDefaultOperations, defaultActivePermission, defaultOwnerPermission } from "./permissions.js";

/**
 * A new account as java-tron creates it: `create_time` from the latest block header, and owner +
 * active permissions only when ALLOW_MULTI_SIGN is on (otherwise the owner permission is implied).
 */
export function newAccount(options: {
  address: Uint8Array;
  type?: AccountType;
  createTime: bigint;
  props: ChainProperties;
  balance?: bigint;
}): Account {
  const account = create(AccountSchema, {
    address: options.address,
    type: options.type ?? 0,
    createTime: options.createTime,
    balance: options.balance ?? 0n,
  });
  if (options.props.isOn("ALLOW_MULTI_SIGN")) {
    account.ownerPermission = defaultOwnerPermission(options.address);
    account.activePermission = [
      defaultActivePermission(options.address, activeDefaultOperations(options.props)),
    ];
  }
  return account;
}

/**
 * Accounts read from state are shared: copy before changing. The copy is shallow (fast: it runs
 * several times per transaction), so change top-level fields only; to change a nested message or
 * list, replace it with a new one instead of mutating it in place.
 */
export function cloneAccount(account: Account): Account {
  return { ...account };
}
