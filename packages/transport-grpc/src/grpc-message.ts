/**
 * `grpc-message` as the gRPC spec encodes it: percent-encoding only for bytes outside printable
 * ASCII and for `%`. connect-node writes it with encodeURIComponent, which @grpc/grpc-js decodes
 * with decodeURI — so `/`, `:` and `,` would reach grpc-js clients still escaped
 * ("protocol.Wallet%2FBuyStorage"). Responses are rewritten to the spec's encoding, which every
 * client decodes the same way.
 */
import type http2 from "node:http2";

const GRPC_MESSAGE = "grpc-message";

export function encodeGrpcMessage(text: string): string {
  let out = "";
  for (const byte of Buffer.from(text, "utf8")) {
    out +=
      byte >= 0x20 && byte <= 0x7e && byte !== 0x25
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

function respec(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return encodeGrpcMessage(decodeURIComponent(value));
  } catch {
    return value;
  }
}

function respecHeaders<T>(headers: T): T {
  if (headers === null || typeof headers !== "object" || !(GRPC_MESSAGE in headers)) return headers;
  const record = headers as Record<string, unknown>;
  return { ...record, [GRPC_MESSAGE]: respec(record[GRPC_MESSAGE]) } as T;
}

/** The response with `grpc-message` re-encoded in headers (trailers-only) and trailers. */
export function withSpecGrpcMessages(response: http2.Http2ServerResponse): http2.Http2ServerResponse {
  const addTrailers = response.addTrailers.bind(response);
  response.addTrailers = (headers) => addTrailers(respecHeaders(headers));
  const writeHead = response.writeHead.bind(response) as (...args: unknown[]) => http2.Http2ServerResponse;
  response.writeHead = ((...args: unknown[]) =>
    writeHead(...args.map((arg) => respecHeaders(arg)))) as typeof response.writeHead;
  return response;
}
