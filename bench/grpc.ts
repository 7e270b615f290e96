/**
 * GetAccount over gRPC at the HTTP bench's load level: `concurrency` calls in flight (as autocannon's
 * keep-alive connections for /wallet/getaccount) on one HTTP/2 connection, as a gRPC channel uses.
 * Like autocannon's pre-built bodies, the requests are encoded once (gRPC's 5-byte frame + the
 * Account message) and sent over a bare node:http2 session, so the figure is the server's, not a
 * client library's; every answer is checked for grpc-status 0 and a non-empty Account.
 */
import http2 from "node:http2";
import { connect } from "node:net";
import { create, toBinary } from "@bufbuild/protobuf";
import { AccountSchema } from "@tronode/engine/internal";

export interface GrpcLoadResult {
  readonly perSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly failures: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

/** gRPC length-prefixed message: flag 0 (uncompressed), 4-byte big-endian length, the message. */
function grpcFrame(message: Uint8Array): Buffer {
  const frame = Buffer.alloc(5 + message.length);
  frame.writeUInt32BE(message.length, 1);
  frame.set(message, 5);
  return frame;
}

function call(session: http2.ClientHttp2Session, path: string, body: Buffer): Promise<boolean> {
  return new Promise((resolve) => {
    const stream = session.request({
      ":method": "POST",
      ":path": path,
      "content-type": "application/grpc",
      te: "trailers",
    });
    let bytes = 0;
    let status: string | undefined;
    stream.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
    });
    stream.on("trailers", (trailers) => {
      status = String(trailers["grpc-status"]);
    });
    stream.on("close", () => resolve(status === "0" && bytes > 5));
    stream.on("error", () => resolve(false));
    stream.end(body);
  });
}

export async function loadGetAccountOverGrpc(
  target: string,
  addresses: readonly Uint8Array[],
  total: number,
  concurrency: number,
): Promise<GrpcLoadResult> {
  const bodies = addresses.map((address) =>
    grpcFrame(toBinary(AccountSchema, create(AccountSchema, { address }))),
  );
  const [host, port] = [
    target.slice(0, target.lastIndexOf(":")),
    Number(target.slice(target.lastIndexOf(":") + 1)),
  ];
  const session = http2.connect(`http://${target}`, {
    createConnection: () => connect({ host, port, noDelay: true }),
  });
  let next = 0;
  let failures = 0;
  const latencies: number[] = [];
  const worker = async () => {
    while (next < total) {
      const body = bodies[next++ % bodies.length]!;
      const sent = performance.now();
      if (!(await call(session, "/protocol.Wallet/GetAccount", body))) failures++;
      latencies.push(performance.now() - sent);
    }
  };
  const started = performance.now();
  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    session.close();
  }
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    perSecond: total / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failures,
  };
}
