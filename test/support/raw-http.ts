/**
 * A bare HTTP/1.1 client over node:http for robustness tests: every header is exactly what the
 * caller gives (fetch would add a content type), bodies may be any bytes, and an answer that comes
 * back before the server has read the whole body (an oversize body) is still reported.
 */
import { Agent, request as httpRequest } from "node:http";

export interface RawRequest {
  readonly method: string;
  /** Path and query, sent as is. */
  readonly path: string;
  readonly body?: string | Buffer;
  /** Content-Type header; omitted when undefined. */
  readonly contentType?: string;
  /** Send the body chunked (no Content-Length). */
  readonly chunked?: boolean;
}

export interface RawAnswer {
  readonly status: number;
  readonly contentType: string | undefined;
  readonly text: string;
}

export interface RawClient {
  send(request: RawRequest): Promise<RawAnswer>;
  close(): void;
}

const ANSWER_TIMEOUT_MS = 20_000;

export function rawClient(baseUrl: string, maxSockets = 16): RawClient {
  const url = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets });
  const send = (req: RawRequest): Promise<RawAnswer> =>
    new Promise<RawAnswer>((resolve, reject) => {
      const body =
        req.body === undefined ? undefined : Buffer.isBuffer(req.body) ? req.body : Buffer.from(req.body);
      const headers: Record<string, string> = {};
      if (req.contentType !== undefined) headers["content-type"] = req.contentType;
      if (body !== undefined) {
        if (req.chunked === true) headers["transfer-encoding"] = "chunked";
        else headers["content-length"] = String(body.length);
      }
      let answered = false;
      let responding = false;
      const outgoing = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          method: req.method,
          path: req.path,
          headers,
          // an oversize body may be cut short by the server: do not reuse that socket
          agent: body !== undefined && body.length > 1_000_000 ? false : agent,
          timeout: ANSWER_TIMEOUT_MS,
        },
        (response) => {
          responding = true;
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => {
            answered = true;
            resolve({
              status: response.statusCode ?? 0,
              contentType: response.headers["content-type"],
              text: Buffer.concat(chunks).toString("utf8"),
            });
          });
          response.on("error", (error) => {
            if (!answered) reject(new Error(`${req.method} ${req.path}: answer cut short: ${error.message}`));
          });
        },
      );
      outgoing.on("timeout", () => outgoing.destroy(new Error(`no answer in ${ANSWER_TIMEOUT_MS} ms`)));
      // EPIPE / ECONNRESET after the server answered an oversize body early is not a failure
      outgoing.on("error", (error) => {
        if (!responding) reject(new Error(`${req.method} ${req.path}: ${error.message}`));
      });
      if (body === undefined) {
        outgoing.end();
      } else if (req.chunked === true) {
        const piece = 256 * 1024;
        for (let offset = 0; offset < body.length; offset += piece) {
          outgoing.write(body.subarray(offset, offset + piece));
        }
        outgoing.end();
      } else {
        outgoing.end(body);
      }
    });
  return { send, close: () => agent.destroy() };
}

/** Runs `tasks` with at most `limit` in flight; results in input order. */
export async function runLimited<T>(tasks: readonly (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results = new Array<T>(tasks.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    for (;;) {
      const index = next++;
      if (index >= tasks.length) return;
      results[index] = await tasks[index]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}
