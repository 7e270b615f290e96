import { parentPort, workerData } from "node:worker_threads";
import {
  ADDRESS_SIZE,
  createNobleRecoverer,
  type SignatureRecoverer,
  TronodeError,
} from "@tronode/engine/internal";
import { createNativeRecoverer } from "./native.js";
import { type BatchRequest, type BatchResponse, unpackBatch, type WorkerInit } from "./wire.js";

const port = parentPort;
if (!port) throw new TronodeError("RECOVERY_WORKER", "recovery-worker must run in a worker thread");

let recoverer: SignatureRecoverer | undefined;
let fatal: string | undefined;
try {
  recoverer = (workerData as WorkerInit).useNative ? createNativeRecoverer() : createNobleRecoverer();
} catch (error) {
  fatal = `recovery worker could not build its recoverer: ${error instanceof Error ? error.message : String(error)}`;
}

port.on("message", (request: BatchRequest) => {
  if (!recoverer) {
    port.postMessage({ id: request.id, fatal });
    return;
  }
  const items = unpackBatch(request);
  const addresses = new Uint8Array(items.length * ADDRESS_SIZE);
  const failures: BatchResponse["failures"] = [];
  for (let i = 0; i < items.length; i++) {
    try {
      const address = recoverer.recoverAddress(items[i]!.hash, items[i]!.signature);
      if (address.length !== ADDRESS_SIZE)
        throw new TronodeError("RECOVERY_WORKER", `unexpected address length ${address.length}`);
      addresses.set(address, i * ADDRESS_SIZE);
    } catch (error) {
      const code =
        typeof (error as { code?: unknown }).code === "string"
          ? (error as { code: string }).code
          : "INTERNAL_ERROR";
      failures.push({ index: i, code, message: error instanceof Error ? error.message : String(error) });
    }
  }
  const response: BatchResponse = {
    id: request.id,
    addresses: addresses.buffer,
    addressSize: ADDRESS_SIZE,
    failures,
  };
  port.postMessage(response, [addresses.buffer]);
});
