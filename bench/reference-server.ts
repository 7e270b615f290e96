/**
 * The reference the HTTP benches compare the node with: a bare node:http server (the HTTP stack the
 * node runs on) answering a constant body with the node's content type and trailing newline — the
 * ceiling node:http and the load generator allow on this machine. `node --import tsx
 * bench/reference-server.ts <port> <body file>`.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const [port, file] = process.argv.slice(2);
const body = readFileSync(file!, "utf8");
const length = String(Buffer.byteLength(body));
const server = createServer((request, response) => {
  request.resume();
  request.on("end", () => {
    response.writeHead(200, ["content-type", "application/json; charset=utf-8", "content-length", length]);
    response.end(body);
  });
});
server.listen(Number(port), "127.0.0.1");
process.on("SIGTERM", () => server.close(() => process.exit(0)));
