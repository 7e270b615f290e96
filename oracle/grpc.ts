/**
 * gRPC calls as TRON's clients make them: stubs built at run time from the protos by
 * @grpc/proto-loader (test/support/grpc-stubs.ts). Requests are JSON with bytes as `hex:…`; answers come
 * back with bytes as hex, and a failed call answers its status (`{grpcStatus, details}`), so both compare
 * like HTTP answers.
 */
import { Buffer } from "node:buffer";
import { type GrpcStub, grpcStub } from "../test/support/grpc-stubs.js";
import type { Json } from "./compare.js";

const stubs = new Map<string, GrpcStub>();

function stubFor(target: string, service: string): GrpcStub {
  const key = `${target}/${service}`;
  let stub = stubs.get(key);
  if (!stub) {
    // every field, defaults included: proto3 leaves zeros off the wire, and a zero is an answer too
    stub = grpcStub(service, target, { defaults: true });
    stubs.set(key, stub);
  }
  return stub;
}

/** Strings `hex:<hex>` become bytes (what proto-loader takes for bytes fields). */
function toRequest(value: Json): unknown {
  if (typeof value === "string" && value.startsWith("hex:")) return Buffer.from(value.slice(4), "hex");
  if (Array.isArray(value)) return value.map(toRequest);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toRequest(v)]));
  }
  return value;
}

function toJson(value: unknown): Json {
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return Buffer.from(value).toString("hex");
  if (Array.isArray(value)) return value.map(toJson);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, toJson(v)]),
    );
  }
  return value as Json;
}

export async function grpcCall(target: string, service: string, rpc: string, body: Json): Promise<Json> {
  try {
    return toJson(await stubFor(target, service).call(rpc, toRequest(body) as object));
  } catch (error) {
    const { code, details } = error as { code?: number; details?: string };
    return { grpcStatus: code ?? -1, details: details ?? String(error) };
  }
}

export function closeGrpcStubs(): void {
  for (const stub of stubs.values()) stub.close();
  stubs.clear();
}
