/**
 * The reference the HTTP bench compares the node with: a bare fastify route (same fastify as the
 * node, same content type and trailing newline) answering a constant body — the ceiling the
 * framework and the load generator allow on this machine. `node --import tsx bench/reference-server.ts
 * <port> <body file>`.
 */
import { readFileSync } from "node:fs";
import Fastify from "fastify";

const [port, file] = process.argv.slice(2);
const body = readFileSync(file!, "utf8");
const fastify = Fastify();
fastify.addContentTypeParser("*", { parseAs: "string" }, (_request, text, done) => done(null, text));
fastify.post("/wallet/getaccount", async (_request, reply) =>
  reply.header("content-type", "application/json; charset=utf-8").send(body),
);
await fastify.listen({ port: Number(port), host: "127.0.0.1" });
process.on("SIGTERM", () => void fastify.close().then(() => process.exit(0)));
