/**
 * The explorer's routes without a browser (the browser test, explorer-browser.test.ts, drives the
 * pages): the app is served by the node from its own build with nothing fetched elsewhere, `/`
 * leads a browser there on a dev chain while programs keep java-tron's 404, the head stream pushes
 * a committed block, and `--no-explorer` (`explorer: false`) turns all of it off.
 */
import { bytesToHex } from "@tronode/engine/internal";
import { createNode, type TronNode } from "@tronode/node";
import { TronWeb } from "tronweb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const NOT_FOUND = '{"Error":"HTTP ERROR 404 Not Found"}\n';
/** "Small bundle": the app's script, minified, stays under this. */
const MAX_APP_BYTES = 150 * 1024;

let node: TronNode;

beforeAll(async () => {
  node = await createNode({ port: 0, blockTime: 0, accounts: 2 });
});

afterAll(async () => {
  await node?.stop();
});

describe("the explorer's routes", () => {
  it("serves the app from the node alone: no address outside it, a small script", async () => {
    const html = await fetch(`${node.url}/explorer/`);
    expect(html.status).toBe(200);
    expect(html.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const page = await html.text();
    // every asset the page loads is relative to /explorer/
    const sources = [...page.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(sources.sort()).toEqual(["app.css", "app.js"]);
    const script = await fetch(`${node.url}/explorer/app.js`);
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    const code = await script.text();
    expect(Buffer.byteLength(code)).toBeLessThan(MAX_APP_BYTES);
    // the only absolute URLs in the bundle are the DOM's namespace names, never fetched
    const urls = new Set(code.match(/https?:\/\/[\w.\-/]+/g) ?? []);
    for (const url of urls) expect(url).toMatch(/^http:\/\/www\.w3\.org\//);
    const style = await fetch(`${node.url}/explorer/app.css`);
    expect(await style.text()).not.toMatch(/url\(\s*['"]?(https?:)?\/\//);
    const bare = await fetch(`${node.url}/explorer`, { redirect: "manual" });
    expect([bare.status, bare.headers.get("location")]).toEqual([302, "/explorer/"]);
  });

  it("leads a browser from / to the explorer on a dev chain; a program still gets java-tron's 404", async () => {
    const browser = await fetch(`${node.url}/`, {
      redirect: "manual",
      headers: { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" },
    });
    expect([browser.status, browser.headers.get("location")]).toEqual([302, "/explorer/"]);
    for (const accept of [undefined, "*/*", "application/json"]) {
      const answer = await fetch(`${node.url}/`, {
        redirect: "manual",
        headers: accept === undefined ? {} : { accept },
      });
      expect([answer.status, await answer.text()]).toEqual([404, NOT_FOUND]);
    }
  });

  it("lists the dev accounts with their keys", async () => {
    const answer = (await (await fetch(`${node.url}/explorer/dev-accounts`)).json()) as { accounts: unknown };
    expect(answer.accounts).toEqual(
      node.accounts.map((a) => ({
        address: TronWeb.address.fromHex(bytesToHex(a.address)),
        hex: bytesToHex(a.address),
        privateKey: bytesToHex(a.privateKey),
      })),
    );
  });

  it("pushes each committed head as a server-sent event", async () => {
    const abort = new AbortController();
    const stream = await fetch(`${node.url}/explorer/events`, { signal: abort.signal });
    expect(stream.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    const head = (async () => {
      let text = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended: ${text}`);
        text += value;
        const event = /event: head\ndata: (.*)\n\n/.exec(text);
        if (event) return JSON.parse(event[1]!);
      }
    })();
    // the first read subscribes; give the feed a moment to take its starting head
    await new Promise((r) => setTimeout(r, 300));
    const keys = node.accounts.map((a) => bytesToHex(a.privateKey));
    const tw = new TronWeb({ fullHost: node.url!, privateKey: keys[0]! });
    const sent = await tw.trx.sendTransaction(
      TronWeb.address.fromHex(bytesToHex(node.accounts[1]!.address)),
      1,
    );
    expect(sent.result).toBe(true);
    const event = await head;
    abort.abort();
    const block = await tw.trx.getCurrentBlock();
    expect(event).toEqual({
      number: block.block_header.raw_data.number,
      id: block.blockID,
      timestamp: block.block_header.raw_data.timestamp,
      transactions: 1,
    });
  });
});

describe("--no-explorer", () => {
  it("serves none of it", async () => {
    const off = await createNode({ port: 0, blockTime: 0, accounts: 1, explorer: false });
    try {
      for (const path of ["/explorer/", "/explorer/app.js", "/explorer/events", "/explorer/dev-accounts"]) {
        const answer = await fetch(`${off.url}${path}`);
        expect([path, answer.status, await answer.text()]).toEqual([path, 404, NOT_FOUND]);
      }
      const root = await fetch(`${off.url}/`, { redirect: "manual", headers: { accept: "text/html" } });
      expect(root.status).toBe(404);
    } finally {
      await off.stop();
    }
  });
});
