import { create } from "@bufbuild/protobuf";
import {
  blockId,
  blockReference,
  ChainProperties,
  type Clock,
  Tables,
  TRANSACTION_DEFAULT_EXPIRATION_TIME,
  type Transaction,
  type Transaction_Contract,
  TransactionSchema,
  validateError,
} from "@tronode/engine/internal";
import type { ChainService } from "../chain/chain-service.js";

/**
 * java-tron's TransactionCapsule for a built contract: the solidified block as reference, expiring
 * 60 s after the head block, stamped with the wall clock (so identical builds get distinct ids).
 */
export async function newTransaction(
  chain: ChainService,
  clock: Clock,
  contract: Transaction_Contract,
  options: {
    readonly data?: Uint8Array;
    readonly feeLimit?: bigint;
    /** trx.expiration.timeInMilliseconds (java-tron's default 60 000). */
    readonly expirationMs?: bigint;
  } = {},
): Promise<Transaction> {
  const head = new ChainProperties(chain.headView);
  const solidNumber = head.solidifiedNumber;
  const solid = await chain.store.read(Tables.blocks, solidNumber);
  if (!solid) throw validateError("solidified block is missing");
  const ref = blockReference(solidNumber, blockId(solid));
  return create(TransactionSchema, {
    rawData: {
      ...ref,
      expiration: head.headTimestamp + (options.expirationMs ?? TRANSACTION_DEFAULT_EXPIRATION_TIME),
      timestamp: clock.now(),
      data: options.data,
      contract: [contract],
      ...(options.feeLimit !== undefined && options.feeLimit !== 0n ? { feeLimit: options.feeLimit } : {}),
    },
  });
}
