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
import { addressToBase58, bytesToHex, type DevApi, type HeadFeed } from "@tronode/engine/internal";
import { jsonReply, NOT_FOUND_REPLY, type Reply, redirectReply, STREAMED } from "./http-exchange.js";
import type { HttpRouter } from "./http-router.js";

/** The explorer's files by name (index.html, app.js, app.css), as `@tronode/explorer` exports them. */
export type ExplorerAssets = Readonly<Record<string, { readonly type: string; readonly body: string }>>;

export interface ExplorerRouteOptions {
  readonly heads: HeadFeed;
  readonly assets: ExplorerAssets;
  /** The dev surface: its accounts are listed, and `/` leads to the explorer. */
  readonly dev?: DevApi;
}

/** Sent on an idle stream now and then so proxies and browsers keep it open. */
const KEEP_ALIVE_MS = 15_000;

function assetReply(assets: ExplorerAssets, name: string): Reply {
  const asset = assets[name];
  if (!asset) return NOT_FOUND_REPLY;
  return {
    status: 200,
    type: asset.type,
    body: asset.body,
    headers: { "cache-control": name === "index.html" ? "no-cache" : "max-age=300" },
  };
}

/** A browser navigating asks for `text/html`; scripts, SDKs and probes do not. */
function acceptsHtml(accept: string | undefined): boolean {
  return accept !== undefined && /(^|,)\s*text\/html\s*(;|,|$)/i.test(accept);
}

export function registerExplorerRoutes(router: HttpRouter, options: ExplorerRouteOptions): void {
  router.get("/explorer", () => redirectReply("/explorer/"));
  router.get("/explorer/", () => assetReply(options.assets, "index.html"));
  router.get("/explorer/app.js", () => assetReply(options.assets, "app.js"));
  router.get("/explorer/app.css", () => assetReply(options.assets, "app.css"));
  if (options.dev !== undefined) {
    const dev = options.dev;
    router.get("/", (request) =>
      acceptsHtml(request.headers.accept) ? redirectReply("/explorer/") : NOT_FOUND_REPLY,
    );
    router.get("/explorer/dev-accounts", () =>
      jsonReply(200, {
        accounts: dev.genesisAccounts().map((a) => ({
          address: addressToBase58(a.address),
          hex: bytesToHex(a.address),
          privateKey: bytesToHex(a.privateKey),
        })),
      }),
    );
  }

  router.get("/explorer/events", (request) => {
    const out = request.response;
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
    let ended = false;
    // Open streams end when the server closes, or it would wait for the browsers to hang up.
    const forget = router.onClose(() => end());
    const end = () => {
      if (ended) return;
      ended = true;
      forget();
      clearInterval(keepAlive);
      unsubscribe();
      out.end();
    };
    request.raw.on("close", end);
    return STREAMED;
  });
}
