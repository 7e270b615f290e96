import { bytesToInt64, int64ToBytes } from "../crypto/bytes.js";
import { AssetIssueContractSchema } from "../protocol/generated/protocol/contracts_pb.js";
import { bytesKey, defineTable, messageValue, stringKey, type ValueCodec } from "../state/table.js";

/** A list of token ids (TOKEN_ID_NUM values) packed as big-endian int64s. */
const tokenIdListValue: ValueCodec<bigint[]> = {
  encode(ids) {
    const out = new Uint8Array(ids.length * 8);
    ids.forEach((id, i) => {
      out.set(int64ToBytes(id), i * 8);
    });
    return out;
  },
  decode(bytes) {
    const ids: bigint[] = [];
    for (let i = 0; i + 8 <= bytes.length; i += 8) ids.push(bytesToInt64(bytes.subarray(i, i + 8)));
    return ids;
  },
};

/**
 * The TRC-10 domain's tables. Token ids are TOKEN_ID_NUM values handed out one by one, so the
 * list of all tokens is the id range 1000001..TOKEN_ID_NUM and needs no table of its own.
 */
export const AssetTables = {
  /** java-tron's AssetIssueStore: token name bytes → token (written only while ALLOW_SAME_TOKEN_NAME = 0). */
  assetIssues: defineTable("asset-issues", bytesKey, messageValue(AssetIssueContractSchema)),
  /** java-tron's AssetIssueV2Store: token id (decimal string) → token. */
  assetIssuesV2: defineTable("asset-issues-v2", stringKey, messageValue(AssetIssueContractSchema)),
  /** token name bytes → ids of every token with that name, in issue order (java-tron scans V2 for this). */
  assetNameIndex: defineTable("asset-name-index", bytesKey, tokenIdListValue),
} as const;
