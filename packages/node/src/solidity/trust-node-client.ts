/**
 * The solidity node's view of its trust node: java-tron's DatabaseGrpcClient — protocol.Database
 * over plaintext gRPC at `host:port` (a java-tron or tronode full node), through an @grpc/grpc-js
 * channel with protobuf-es (de)serialisers. Only the two calls a solidity node makes, and block 0 to
 * check both chains share a genesis. A failed call rejects with grpc-js's ServiceError (code and
 * details); the block follower logs it and retries.
 */
import {
  create,
  type DescMessage,
  type DescMethodUnary,
  fromBinary,
  type MessageInitShape,
  type MessageShape,
  toBinary,
} from "@bufbuild/protobuf";
import * as grpc from "@grpc/grpc-js";
import { type Block, Database } from "@tronode/engine/internal";
import { SOLIDITY_RETRY_INTERVAL_MS } from "./block-follower.js";

export interface TrustNodeClient {
  /** `GetDynamicProperties.last_solidity_block_num`. */
  latestSolidifiedNumber(): Promise<bigint>;
  /** `GetBlockByNum`; java-tron answers the empty Block for a number it does not have. */
  blockByNum(num: bigint): Promise<Block>;
  close(): void;
}

/** Each call's deadline (java-tron's blocking stub has none; a dead peer must not stall the loop). */
const CALL_TIMEOUT_MS = 10_000;

/** TRON blocks fit java-tron's 4 MiB message limit; allow the same here. */
const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

type UnaryCall<I extends DescMessage, O extends DescMessage> = (
  request: MessageInitShape<I>,
) => Promise<MessageShape<O>>;

function unaryCall<I extends DescMessage, O extends DescMessage>(
  client: grpc.Client,
  method: DescMethodUnary<I, O>,
): UnaryCall<I, O> {
  const path = `/${method.parent.typeName}/${method.name}`;
  const serialize = (request: MessageInitShape<I>) =>
    Buffer.from(toBinary(method.input, create(method.input, request)));
  // read through a plain Uint8Array view: the block's bytes fields stay Uint8Arrays, not Buffers
  const deserialize = (bytes: Buffer) =>
    fromBinary(method.output, new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  return (request) =>
    new Promise((resolve, reject) => {
      client.makeUnaryRequest(
        path,
        serialize,
        deserialize,
        request,
        { deadline: Date.now() + CALL_TIMEOUT_MS },
        (error, reply) => (error || reply === undefined ? reject(error) : resolve(reply)),
      );
    });
}

export function createTrustNodeClient(target: string): TrustNodeClient {
  const client = new grpc.Client(target, grpc.credentials.createInsecure(), {
    "grpc.max_receive_message_length": MAX_MESSAGE_BYTES,
    // a trust node that restarts is dialled again at the follower's pace, not after grpc-js's
    // backoff (which grows to 2 minutes)
    "grpc.max_reconnect_backoff_ms": SOLIDITY_RETRY_INTERVAL_MS,
  });
  const getDynamicProperties = unaryCall(client, Database.method.getDynamicProperties);
  const getBlockByNum = unaryCall(client, Database.method.getBlockByNum);
  return {
    async latestSolidifiedNumber() {
      return (await getDynamicProperties({})).lastSolidityBlockNum;
    },
    blockByNum: (num) => getBlockByNum({ num }),
    close: () => client.close(),
  };
}
