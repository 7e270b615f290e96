import {
  DelegatedResourceAccountIndexSchema,
  DelegatedResourceSchema,
} from "../protocol/generated/protocol/core_pb.js";
import { bytesKey, defineTable, messageValue } from "../state/table.js";

/** The resource model's tables (java-tron's DelegatedResourceStore and DelegatedResourceAccountIndexStore). */
export const ResourceTables = {
  /**
   * Delegation records, keyed as java-tron keys them: Stake 1.0 `from ‖ to` (42 bytes), Stake 2.0
   * `0x01 ‖ from ‖ to` (unlocked) and `0x02 ‖ from ‖ to` (locked). Values are DelegatedResource.
   */
  delegatedResources: defineTable("delegated-resources", bytesKey, messageValue(DelegatedResourceSchema)),
  /**
   * Who delegates to whom, one row per account and side (see `delegation-index.ts`): the old v1
   * layout keyed by the bare address, and the prefixed layouts `0x01/0x02` (v1 optimized) and
   * `0x03/0x04` (v2) keyed by `prefix ‖ address`, holding the counterparts in delegation-time order.
   */
  delegationIndex: defineTable(
    "delegated-resource-account-index",
    bytesKey,
    messageValue(DelegatedResourceAccountIndexSchema),
  ),
} as const;
