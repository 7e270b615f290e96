import { create, type DescMessage, type MessageInitShape } from "@bufbuild/protobuf";
import { blockReference } from "../chain/block-id.js";
import { TRANSACTION_DEFAULT_EXPIRATION_TIME } from "../chain/constants.js";
import { packContract } from "../protocol/codec.js";
import type { ContractType } from "../protocol/contract-types.js";
import { type Transaction, TransactionSchema } from "../protocol/generated/protocol/core_pb.js";
import { ChainProperties } from "../state/chain-properties.js";
import type { StateView } from "../state/state-view.js";

/** How `newTransaction` stamps a transaction (java-tron's defaults otherwise). */
export interface NewTransactionOptions {
  /** Milliseconds after the head block's time it expires (java-tron's 60 000). */
  readonly expirationMs?: bigint;
  /** The permission that signs it (0 = owner, 2 and up = an active permission). */
  readonly permissionId?: number;
  /** The energy a contract call may burn, in sun. */
  readonly feeLimit?: bigint;
  /** The memo (raw_data.data). */
  readonly memo?: Uint8Array;
}

/**
 * An unsigned transaction of one contract, as java-tron's wallet builds it on `view`'s head:
 * ref-block from the head block, timestamp the head's, expiration 60 s after it. Sign it with
 * `signTransaction(tx, privateKey)` (once per key).
 */
export function newTransaction<Desc extends DescMessage>(
  view: StateView,
  type: ContractType,
  parameter: MessageInitShape<Desc>,
  options: NewTransactionOptions = {},
): Transaction {
  const props = new ChainProperties(view);
  return transactionOnHead(
    { number: props.headNumber, id: props.headBlockId, timestamp: props.headTimestamp },
    type,
    parameter,
    options,
  );
}

/** The head block a transaction references: its number, id and time. */
export interface HeadReference {
  readonly number: bigint;
  readonly id: Uint8Array;
  readonly timestamp: bigint;
}

/** `newTransaction` on a head known by its number, id and time (a client reading a node's head). */
export function transactionOnHead<Desc extends DescMessage>(
  head: HeadReference,
  type: ContractType,
  parameter: MessageInitShape<Desc>,
  options: NewTransactionOptions = {},
): Transaction {
  return create(TransactionSchema, {
    rawData: {
      ...blockReference(head.number, head.id),
      timestamp: head.timestamp,
      expiration: head.timestamp + (options.expirationMs ?? TRANSACTION_DEFAULT_EXPIRATION_TIME),
      ...(options.feeLimit === undefined ? {} : { feeLimit: options.feeLimit }),
      ...(options.memo === undefined ? {} : { data: options.memo }),
      contract: [packContract(type, parameter, options.permissionId ?? 0)],
    },
  });
}
