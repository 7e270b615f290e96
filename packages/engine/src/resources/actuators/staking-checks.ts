/** Checks and texts the staking actuators share (java-tron spells them identically in each). */
import { validateError } from "../../actuator/actuator.js";
import { isValidAddress } from "../../crypto/address.js";
import { bytesToHex } from "../../crypto/bytes.js";
import { ResourceCode } from "../../protocol/generated/protocol/common_pb.js";
import type { Account } from "../../protocol/generated/protocol/core_pb.js";
import type { ChainProperties } from "../../state/chain-properties.js";
import { CoreTables } from "../../state/core-tables.js";
import type { StateView } from "../../state/state-view.js";

/** `Invalid address`, then `Account[<hex><suffix>` for a missing owner (suffix "] not exists" or "] does not exist"). */
export function requireOwner(view: StateView, address: Uint8Array, missingSuffix: string): Account {
  if (!isValidAddress(address)) throw validateError("Invalid address");
  const owner = view.get(CoreTables.accounts, address);
  if (!owner) throw validateError(`Account[${bytesToHex(address)}${missingSuffix}`);
  return owner;
}

export const NOT_EXISTS = "] not exists";
export const DOES_NOT_EXIST = "] does not exist";

/** The freeze actuators' resource check (comma-space spelling). */
export function checkFreezeResource(props: ChainProperties, resource: ResourceCode): void {
  const newModel = props.isOn("ALLOW_NEW_RESOURCE_MODEL");
  switch (resource) {
    case ResourceCode.BANDWIDTH:
    case ResourceCode.ENERGY:
      return;
    case ResourceCode.TRON_POWER:
      if (!newModel) throw validateError("ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY]");
      return;
    default:
      throw validateError(
        newModel
          ? "ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY、TRON_POWER]"
          : "ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY]",
      );
  }
}

/** The unfreeze actuators' resource error (dot spelling, `Energy`). */
export function unfreezeResourceError(props: ChainProperties): string {
  return props.isOn("ALLOW_NEW_RESOURCE_MODEL")
    ? "ResourceCode error.valid ResourceCode[BANDWIDTH、Energy、TRON_POWER]"
    : "ResourceCode error.valid ResourceCode[BANDWIDTH、Energy]";
}
