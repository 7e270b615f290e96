import { ReasonCode } from "@tronode/engine/internal";

/** java-tron's P2pException types that the TRON layer raises. */
export type NetErrorType =
  | "BAD_TRX"
  | "BAD_BLOCK"
  | "NO_SUCH_MESSAGE"
  | "BAD_MESSAGE"
  | "SYNC_FAILED"
  | "UNLINK_BLOCK"
  | "DB_ITEM_NOT_FOUND"
  | "PARSE_MESSAGE_FAILED"
  | "BLOCK_SIGN_ERROR"
  | "BLOCK_MERKLE_ERROR"
  /** ALLOW_PROTO_FILTER_NUM's refusal ("protobuf inconsistent"): disconnected UNKNOWN. */
  | "PROTOBUF_ERROR";

/** A failure while handling a peer's message: the peer is disconnected with `reasonOf(type)`. */
export class NetError extends Error {
  constructor(
    readonly type: NetErrorType,
    message: string,
  ) {
    super(message);
    this.name = "NetError";
  }
}

/** P2pEventHandlerImpl.processException: the disconnect reason of each exception type. */
export function reasonOf(type: NetErrorType | undefined): ReasonCode {
  switch (type) {
    case "BAD_TRX":
      return ReasonCode.BAD_TX;
    case "BAD_BLOCK":
      return ReasonCode.BAD_BLOCK;
    case "NO_SUCH_MESSAGE":
      return ReasonCode.NO_SUCH_MESSAGE;
    case "BAD_MESSAGE":
      return ReasonCode.BAD_PROTOCOL;
    case "SYNC_FAILED":
      return ReasonCode.SYNC_FAIL;
    case "UNLINK_BLOCK":
      return ReasonCode.UNLINKABLE;
    case "DB_ITEM_NOT_FOUND":
      return ReasonCode.FETCH_FAIL;
    default:
      return ReasonCode.UNKNOWN;
  }
}
