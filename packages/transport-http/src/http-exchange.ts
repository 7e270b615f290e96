/**
 * One HTTP exchange on node:http, without a framework: the request as a route handler sees it
 * (method, decoded path, path parameters, query, headers, the body read on demand as text within
 * the body limit) and the reply it returns as a value (status, content type, body), which the
 * server writes in one piece. A handler that streams (the explorer's server-sent events) writes to
 * `request.response` itself and returns `STREAMED`.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { parse as parseQueryString } from "node:querystring";
import type { JsonValue } from "./engine-protocol.js";
import { stringifyJson } from "./engine-protocol.js";
import { bodyTooLargeError } from "./java-error-body.js";

/** Query parameters as node's querystring parses them: a repeated key gives an array. */
export type RawQuery = Record<string, string | string[] | undefined>;

export const JSON_CONTENT_TYPE = "application/json; charset=utf-8";
export const TEXT_CONTENT_TYPE = "text/plain; charset=utf-8";

export interface Reply {
  readonly status: number;
  readonly type: string;
  readonly body: string;
  /** Headers beside content-type and content-length. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** What a handler returns when it wrote the response itself (a stream). */
export const STREAMED: unique symbol = Symbol("streamed");

export type HandlerResult = Reply | typeof STREAMED;

export class HttpRequest {
  private parsedQuery: RawQuery | undefined;
  private body: Promise<string> | undefined;

  constructor(
    readonly raw: IncomingMessage,
    readonly response: ServerResponse,
    /** As sent (`HEAD` included). */
    readonly method: string,
    /** Percent-decoded, without the query. */
    readonly path: string,
    /** The query string without its `?` ("" for none). */
    private readonly search: string,
    readonly params: Readonly<Record<string, string>>,
    private readonly bodyLimit: number,
  ) {}

  /** The request target as sent (path and query). */
  get url(): string {
    return this.raw.url ?? "/";
  }

  get headers(): IncomingHttpHeaders {
    return this.raw.headers;
  }

  get query(): RawQuery {
    if (this.parsedQuery === undefined)
      this.parsedQuery = this.search === "" ? {} : (parseQueryString(this.search) as RawQuery);
    return this.parsedQuery;
  }

  /**
   * The body as UTF-8 text, read once on first call. Past the body limit (declared or sent) it
   * rejects with java-tron's body-size error and the rest of the body is discarded.
   */
  text(): Promise<string> {
    if (this.body === undefined) this.body = readBody(this.raw, this.bodyLimit);
    return this.body;
  }
}

function readBody(raw: IncomingMessage, limit: number): Promise<string> {
  const declared = raw.headers["content-length"];
  if (declared !== undefined && Number(declared) > limit) {
    raw.resume();
    return Promise.reject(bodyTooLargeError(limit));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        raw.off("data", onData);
        raw.off("end", onEnd);
        raw.resume();
        reject(bodyTooLargeError(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () =>
      resolve(
        chunks.length === 0
          ? ""
          : chunks.length === 1
            ? chunks[0]!.toString("utf8")
            : Buffer.concat(chunks).toString("utf8"),
      );
    raw.on("data", onData);
    raw.on("end", onEnd);
    raw.on("error", reject);
  });
}

/**
 * java-tron's servlets' body: `Content-Type: application/json; charset=utf-8` and the JSON followed
 * by a newline (`PrintWriter.println`). 64-bit integers print exactly.
 */
export function jsonReply(status: number, body: JsonValue): Reply {
  return { status, type: JSON_CONTENT_TYPE, body: `${stringifyJson(body)}\n` };
}

/** A body already serialised (JSON-RPC answers); empty text is sent as an empty 200. */
export function jsonTextReply(text: string): Reply {
  return { status: 200, type: JSON_CONTENT_TYPE, body: text === "" ? "" : `${text}\n` };
}

/** java-tron's empty doGet overrides: 200, JSON content type, no body at all. */
export const EMPTY_REPLY: Reply = { status: 200, type: JSON_CONTENT_TYPE, body: "" };

export function textReply(status: number, text: string): Reply {
  return { status, type: TEXT_CONTENT_TYPE, body: text };
}

export function redirectReply(location: string): Reply {
  return { status: 302, type: TEXT_CONTENT_TYPE, body: "", headers: { location } };
}

/** Jetty's 404 in java-tron's error shape. */
export const NOT_FOUND_REPLY: Reply = jsonReply(404, { Error: "HTTP ERROR 404 Not Found" });

/** Writes the reply as one response: status, headers, body (none for HEAD, as node does). */
export function writeReply(response: ServerResponse, reply: Reply): number {
  const bytes = Buffer.byteLength(reply.body);
  const headers: string[] = ["content-type", reply.type, "content-length", String(bytes)];
  if (reply.headers !== undefined)
    for (const [name, value] of Object.entries(reply.headers)) headers.push(name, value);
  response.writeHead(reply.status, headers);
  response.end(reply.body);
  return bytes;
}
