import { create } from "@bufbuild/protobuf";
import {
  type Permission,
  Permission_PermissionType,
  PermissionSchema,
} from "../protocol/generated/protocol/core_pb.js";
import type { ChainProperties } from "../state/chain-properties.js";

export const OWNER_PERMISSION_ID = 0;
export const WITNESS_PERMISSION_ID = 1;
export const FIRST_ACTIVE_PERMISSION_ID = 2;

export function defaultOwnerPermission(address: Uint8Array): Permission {
  return create(PermissionSchema, {
    type: Permission_PermissionType.Owner,
    id: OWNER_PERMISSION_ID,
    permissionName: "owner",
    threshold: 1n,
    parentId: 0,
    keys: [{ address, weight: 1n }],
  });
}

export function defaultActivePermission(address: Uint8Array, operations: Uint8Array): Permission {
  return create(PermissionSchema, {
    type: Permission_PermissionType.Active,
    id: FIRST_ACTIVE_PERMISSION_ID,
    permissionName: "active",
    threshold: 1n,
    parentId: 0,
    operations,
    keys: [{ address, weight: 1n }],
  });
}

export function defaultWitnessPermission(address: Uint8Array): Permission {
  return create(PermissionSchema, {
    type: Permission_PermissionType.Witness,
    id: WITNESS_PERMISSION_ID,
    permissionName: "witness",
    threshold: 1n,
    parentId: 0,
    keys: [{ address, weight: 1n }],
  });
}

/** The chain's current default active operations mask (ACTIVE_DEFAULT_OPERATIONS). */
export function activeDefaultOperations(props: ChainProperties): Uint8Array {
  return props.getBytes("ACTIVE_DEFAULT_OPERATIONS");
}

/** Whether contract type `type` is set in a 32-byte operations mask (bit t%8 of byte t/8). */
export function operationAllowed(operations: Uint8Array, type: number): boolean {
  const byte = operations[type >> 3];
  return byte !== undefined && (byte & (1 << (type & 7))) !== 0;
}

export function setOperationBit(operations: Uint8Array, type: number): Uint8Array {
  const out = operations.slice();
  out[type >> 3] = (out[type >> 3] ?? 0) | (1 << (type & 7));
  return out;
}
