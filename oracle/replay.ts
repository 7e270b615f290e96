/**
 * A recorded oracle run asked again of tronode alone: a node with the same genesis takes java-tron's
 * blocks from the recording (through the same `pushBlock` a peer's block goes through), and at each
 * step's head it answers the step's request; the answer is compared with java-tron's, recorded then.
 * So every commit is checked against java-tron's own answers without java-tron on the machine.
 */
import { readFileSync } from "node:fs";
import { BlockSchema, decode, hexToBytes } from "@tronode/engine/internal";
import { createNode, type TronNode } from "@tronode/node";
import { defaultOracleNetwork, tronodeOptions } from "./network.js";
import { compareStep, type RecordedStep, request, type StepResult } from "./session.js";

export interface Recording {
  readonly network: "default";
  /** java-tron's version (getnodeinfo's codeVersion) and the day it answered. */
  readonly javaTron: string;
  readonly recordedAt: string;
  /** java-tron's blocks 1…n, protobuf hex. */
  readonly blocks: readonly string[];
  readonly steps: readonly RecordedStep[];
}

export const RECORDING_PATH = new URL("../test/fixtures/oracle/recording.json", import.meta.url);

export function readRecording(path: URL | string = RECORDING_PATH): Recording {
  return JSON.parse(readFileSync(path, "utf8")) as Recording;
}

/** A node of the oracle network, not networked: it only takes the recorded blocks. */
export async function createReplayNode(): Promise<TronNode> {
  const network = defaultOracleNetwork();
  const { p2p: _p2p, ...options } = tronodeOptions(network, { witnessKeys: [], p2pPort: 0, peers: [] });
  return createNode(options);
}

export async function replay(recording: Recording, node: TronNode): Promise<StepResult[]> {
  const results: StepResult[] = [];
  let applied = 0;
  for (const step of recording.steps) {
    while (applied < step.head) {
      const block = decode(BlockSchema, hexToBytes(recording.blocks[applied]!));
      await node.chain.pushBlock(block);
      applied++;
    }
    const answer = await request(
      { http: node.url!, grpc: node.grpc.full, grpcSolidity: node.grpc.solidity },
      step.path,
      step.body,
    );
    results.push(compareStep(step, step.head, step.javaTron, answer, true));
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // `node --conditions=tronode-source --import tsx oracle/replay.ts`: the replay's differences, listed
  const { summarize } = await import("./report.js");
  const { closeGrpcStubs } = await import("./grpc.js");
  const node = await createReplayNode();
  try {
    console.log(summarize(await replay(readRecording(), node)).text);
  } finally {
    closeGrpcStubs();
    await node.stop();
  }
}
