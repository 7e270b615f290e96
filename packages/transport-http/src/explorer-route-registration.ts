/**
 * The built-in explorer (packages/explorer, bundled by its build into one module of texts): the
 * single-page app at `/explorer/` (`/explorer` redirects there; on a dev chain `/` too, for a browser —
 * a request that does not accept HTML still gets java-tron's 404 there), and the two
 * routes it needs beyond the public APIs:
 * - `GET /explorer/events` — server-sent events, one `head` event per committed head
 *   (`{number, id, timestamp, transactions}`), so the home page updates without polling;
 * - `GET /explorer/dev-accounts` — on a dev chain only, the funded accounts with their keys (the
 *   same keys `/admin/accounts-json` hands out), for the home page's copy buttons.
 * The app itself reads /wallet, /v1 and /jsonrpc like any client.
 */
import { addressToBase58, bytesToHex, type DevApi, type HeadFeed } from "@tronode/engine";
import { EXPLORER_ASSETS } from "@tronode/explorer";
import type { FastifyInstance, FastifyReply } from "fastify";
import { sendJson } from "./json-response.js";

export interface ExplorerRouteOptions {
  readonly heads: HeadFeed;
  /** The dev surface: its accounts are listed, and `/` leads to the explorer. */
  readonly dev?: DevApi;
}

/** Sent on an idle stream now and then so proxies and browsers keep it open. */
const KEEP_ALIVE_MS = 15_000;

function sendAsset(reply: FastifyReply, name: string): FastifyReply {
  const asset = EXPLORER_ASSETS[name];
  if (!asset) return sendJson(reply, 404, { Error: "HTTP ERROR 404 Not Found" });
  return reply
    .code(200)
    .header("content-type", asset.type)
    .header("cache-control", name === "index.html" ? "no-cache" : "max-age=300")
    .send(asset.body);
}

/** A browser navigating asks for `text/html`; scripts, SDKs and probes do not. */
function acceptsHtml(accept: string | undefined): boolean {
  return accept !== undefined && /(^|,)\s*text\/html\s*(;|,|$)/i.test(accept);
}

export function registerExplorerRoutes(fastify: FastifyInstance, options: ExplorerRouteOptions): void {
  fastify.get("/explorer", (_request, reply) => reply.redirect("/explorer/", 302));
  fastify.get("/explorer/", (_request, reply) => sendAsset(reply, "index.html"));
  fastify.get("/explorer/app.js", (_request, reply) => sendAsset(reply, "app.js"));
  fastify.get("/explorer/app.css", (_request, reply) => sendAsset(reply, "app.css"));
  if (options.dev !== undefined) {
    const dev = options.dev;
    fastify.get("/", (request, reply) =>
      acceptsHtml(request.headers.accept) ? reply.redirect("/explorer/", 302) : reply.callNotFound(),
    );
    fastify.get("/explorer/dev-accounts", (_request, reply) =>
      sendJson(reply, 200, {
        accounts: dev.genesisAccounts().map((a) => ({
          address: addressToBase58(a.address),
          hex: bytesToHex(a.address),
          privateKey: bytesToHex(a.privateKey),
        })),
      }),
    );
  }

  // Open streams end when the server closes, or it would wait for the browsers to hang up.
  const streams = new Set<() => void>();
  fastify.addHook("preClose", (done) => {
    for (const end of [...streams]) end();
    done();
  });
  fastify.get("/explorer/events", (request, reply) => {
    reply.hijack();
    const out = reply.raw;
    out.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache",
      connection: "keep-alive",
    });
    out.write("retry: 1000\n\n");
    const unsubscribe = options.heads.subscribe((head) => {
      const data = JSON.stringify({
        number: Number(head.number),
        id: bytesToHex(head.id),
        timestamp: Number(head.timestamp),
        transactions: head.transactions,
      });
      out.write(`event: head\ndata: ${data}\n\n`);
    });
    const keepAlive = setInterval(() => out.write(": keep-alive\n\n"), KEEP_ALIVE_MS);
    const end = () => {
      if (!streams.delete(end)) return;
      clearInterval(keepAlive);
      unsubscribe();
      out.end();
    };
    streams.add(end);
    request.raw.on("close", end);
  });
}
