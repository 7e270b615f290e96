/**
 * Writes a body the way java-tron's servlets do: `Content-Type: application/json; charset=utf-8`
 * and the JSON followed by a newline (`PrintWriter.println`). 64-bit integers print exactly.
 */
import type { FastifyReply } from "fastify";
import { type JsonValue, stringifyJson } from "./engine-protocol.js";

export const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

export function sendJson(reply: FastifyReply, statusCode: number, body: JsonValue): FastifyReply {
  return reply
    .code(statusCode)
    .header("content-type", JSON_CONTENT_TYPE)
    .send(`${stringifyJson(body)}\n`);
}

/** java-tron's empty doGet overrides: 200, JSON content type, no body at all. */
export function sendEmpty(reply: FastifyReply): FastifyReply {
  return reply.code(200).header("content-type", JSON_CONTENT_TYPE).send("");
}

/** A body already serialised (JSON-RPC answers); empty text is sent as an empty 200. */
export function sendJsonText(reply: FastifyReply, text: string): FastifyReply {
  return reply
    .code(200)
    .header("content-type", JSON_CONTENT_TYPE)
    .send(text === "" ? "" : `${text}\n`);
}
