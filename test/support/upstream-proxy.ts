/**
 * A loopback HTTP proxy in front of an upstream node, for fork tests and benchmarks: it records
 * every request, can answer each one late (a public endpoint's round trip), answer the next few
 * with an error status, or hold requests without ever answering.
 */
import { createServer, request as httpRequest, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface UpstreamProxy {
  readonly url: string;
  /** `<path> <body>` of every request received, in order. */
  readonly requests: string[];
  /** The next `n` requests are answered `status` (with Retry-After: 0). */
  failNext(n: number, status: number): void;
  /** While on, requests are held and never answered (turning it off drops them). */
  hang: boolean;
  close(): Promise<void>;
}

export async function startUpstreamProxy(
  target: string,
  options: { delayMs?: number } = {},
): Promise<UpstreamProxy> {
  const { hostname, port } = new URL(target);
  let failures = { n: 0, status: 503 };
  let hang = false;
  const held: ServerResponse[] = [];
  const requests: string[] = [];
  const forward = (
    path: string | undefined,
    method: string | undefined,
    body: Buffer,
    res: ServerResponse,
  ) => {
    const upstream = httpRequest(
      { host: hostname, port, path, method, headers: { "content-type": "application/json" } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.end(body);
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      requests.push(`${req.url} ${body.toString()}`);
      if (hang) {
        held.push(res);
        return;
      }
      if (failures.n > 0) {
        failures.n--;
        res.writeHead(failures.status, { "retry-after": "0", "content-type": "text/plain" }).end("busy");
        return;
      }
      if (options.delayMs) setTimeout(() => forward(req.url, req.method, body, res), options.delayMs);
      else forward(req.url, req.method, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    failNext(n, status) {
      failures = { n, status };
    },
    get hang() {
      return hang;
    },
    set hang(on: boolean) {
      hang = on;
      if (!on) for (const res of held.splice(0)) res.destroy();
    },
    async close() {
      for (const res of held.splice(0)) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
