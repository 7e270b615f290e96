import type { Logger } from "@tronode/engine/internal";
import { inject } from "light-my-request";
import { createHttpServer, type HttpServer, type HttpServerOptions } from "../src/index.js";
import { createFakeDev, createFakeWallet, type FakeDev, type FakeWallet } from "./fake-wallet.js";

export interface LoggedLine {
  readonly level: string;
  readonly fields: Record<string, unknown>;
  readonly message: string | undefined;
}

export interface Harness {
  readonly server: HttpServer;
  readonly wallet: FakeWallet;
  readonly dev: FakeDev;
  readonly logged: LoggedLine[];
  get(path: string): Promise<Answer>;
  post(path: string, body?: unknown, contentType?: string): Promise<Answer>;
  request(method: string, path: string, payload?: string, headers?: Record<string, string>): Promise<Answer>;
}

export interface Answer {
  readonly status: number;
  readonly text: string;
  readonly contentType: string | undefined;
  /** JSON.parse of the body (big integers lose precision; use `text` to check them). */
  // biome-ignore lint/suspicious/noExplicitAny: assertions walk arbitrary response JSON
  readonly json: any;
}

function recordingLogger(logged: LoggedLine[]): Logger {
  const at =
    (level: string) =>
    (fields: Record<string, unknown>, message?: string): void => {
      logged.push({ level, fields, message });
    };
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}

export function createHarness(options: Partial<HttpServerOptions> = {}): Harness {
  const wallet = createFakeWallet();
  const dev = createFakeDev();
  const logged: LoggedLine[] = [];
  const server = createHttpServer({
    wallet,
    dev,
    host: "127.0.0.1",
    port: 0,
    logger: recordingLogger(logged),
    ...options,
  });
  const request = async (
    method: string,
    path: string,
    payload?: string,
    headers: Record<string, string> = {},
  ) => {
    const response = await inject(server.dispatch, {
      method: method as "GET",
      url: path,
      ...(payload !== undefined ? { payload } : {}),
      headers,
    });
    let json: unknown;
    try {
      json = response.body.length > 0 ? JSON.parse(response.body) : undefined;
    } catch {
      json = undefined;
    }
    return {
      status: response.statusCode,
      text: response.body,
      contentType: response.headers["content-type"] as string | undefined,
      json,
    };
  };
  return {
    server,
    wallet,
    dev,
    logged,
    request,
    get: (path) => request("GET", path),
    post: (path, body, contentType = "application/json") =>
      body === undefined
        ? request("POST", path)
        : request("POST", path, typeof body === "string" ? body : JSON.stringify(body), {
            "content-type": contentType,
          }),
  };
}
