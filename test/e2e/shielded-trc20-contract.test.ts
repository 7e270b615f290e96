/**
 * Shielded TRC-20 notes end to end on a started node: a contract compiled by npm `solc`
 * (test/contracts/ShieldedNotes.sol — it emits the shielded TRC-20 note events and keeps the
 * `nullifiers` mapping, verifying no proof) deployed and triggered with npm `tronweb`; notes our
 * own code encrypted go into its logs through real transactions. The scans find exactly those
 * notes with their values, memos and positions; spent flags and isshieldedtrc20contractnotespent
 * flip once the contract records the note's nullifier (read by a TVM constant call).
 */
import { bytesToHex, hexToBytes, shielded } from "@tronode/engine/internal";
import { createNode, type TronNode } from "@tronode/node";
import { TronWeb } from "tronweb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compiledContracts } from "../support/solidity.js";

// biome-ignore lint/suspicious/noExplicitAny: TronWeb contract objects and JSON answers are dynamic
type Any = any;

let node: TronNode;
let tronWeb: TronWeb;
let notes: Any;
let contractHex: string;
const hex = bytesToHex;

async function post(path: string, body: unknown): Promise<Any> {
  return (await fetch(`${node.url}${path}`, { method: "POST", body: JSON.stringify(body) })).json();
}

function wallet(seed: number) {
  const sk = new Uint8Array(32).fill(seed);
  sk[0] = 0x0f & seed;
  const e = shielded.expandSpendingKey(sk);
  const ak = shielded.akFromAsk(e.ask);
  const nk = shielded.nkFromNsk(e.nsk);
  const ivk = shielded.incomingViewingKey(ak, nk);
  const d = shielded.defaultDiversifier(sk);
  const pkD = shielded.transmissionKey(ivk, d)!;
  return { ...e, ak, nk, ivk, d, pkD, address: shielded.encodePaymentAddress({ d, pkD }) };
}

const alice = wallet(7);
const bob = wallet(8);
const words = (bytes: Uint8Array) =>
  Array.from({ length: bytes.length / 32 }, (_, i) => `0x${hex(bytes.subarray(i * 32, i * 32 + 32))}`);

/** A note encrypted to `to` (and to the sender's ovk): the event arguments cm, cv, epk, c[21]. */
function encrypted(
  to: ReturnType<typeof wallet>,
  senderOvk: Uint8Array,
  value: bigint,
  memo: string,
  seed: bigint,
) {
  const note = {
    d: to.d,
    pkD: to.pkD,
    value,
    rcm: shielded.scalarToBytes(seed * 29n + 7n),
    memo: shielded.memoOf(new TextEncoder().encode(memo)),
  };
  const cv = shielded.encodePoint(shielded.valueCommitment(value, seed * 19n + 2n));
  const enc = shielded.encryptNote(note, shielded.scalarToBytes(seed * 23n + 3n), senderOvk, cv)!;
  const c = new Uint8Array(672);
  c.set(enc.cEnc);
  c.set(enc.cOut, 580);
  return { cm: `0x${hex(enc.cmu)}`, cv: `0x${hex(cv)}`, epk: `0x${hex(enc.epk)}`, c: words(c), note };
}

const range = async () => {
  const head = (await tronWeb.trx.getCurrentBlock()).block_header.raw_data.number;
  return { start_block_index: Math.max(0, head - 50), end_block_index: head + 1 };
};

beforeAll(async () => {
  const { ShieldedNotes } = await compiledContracts();
  node = await createNode({ port: 0, blockTime: 0, accounts: 1 });
  tronWeb = new TronWeb({ fullHost: node.url!, privateKey: hex(node.accounts[0]!.privateKey) });
  notes = await tronWeb
    .contract()
    .new({ abi: ShieldedNotes!.abi, bytecode: ShieldedNotes!.bytecode, feeLimit: 1_000_000_000 });
  contractHex = notes.address;
  // position 0: 1 000 to alice; positions 1 and 2: a transfer spending nothing real, to bob and alice
  const first = encrypted(alice, alice.ovk, 1_000n, "first", 1n);
  await notes.mint(first.cm, first.cv, first.epk, first.c).send({ feeLimit: 1_000_000_000 });
  const toBob = encrypted(bob, alice.ovk, 600n, "to bob", 2n);
  const change = encrypted(alice, alice.ovk, 400n, "change", 3n);
  await notes
    .transfer(
      `0x${"11".repeat(32)}`,
      [
        [toBob.cm, toBob.cv, toBob.epk],
        [change.cm, change.cv, change.epk],
      ],
      [toBob.c, change.c],
    )
    .send({ feeLimit: 1_000_000_000 });
}, 120_000);

afterAll(async () => {
  await node?.stop();
});

describe("a shielded TRC-20 contract's notes", () => {
  it("scanshieldedtrc20notesbyivk and byovk find exactly the notes, with positions and memos", async () => {
    const byIvk = await post("/wallet/scanshieldedtrc20notesbyivk", {
      ...(await range()),
      shielded_TRC20_contract_address: contractHex,
      ivk: hex(alice.ivk),
    });
    expect(
      byIvk.noteTxs.map((n: Any) => [
        n.note.value,
        n.position ?? 0,
        Buffer.from(n.note.memo, "hex").toString(),
      ]),
    ).toEqual([
      [1000, 0, "first"],
      [400, 2, "change"],
    ]);
    const byOvk = await post("/wallet/scanshieldedtrc20notesbyovk", {
      ...(await range()),
      shielded_TRC20_contract_address: contractHex,
      ovk: hex(alice.ovk),
    });
    expect(byOvk.noteTxs.map((n: Any) => [n.note.value, n.note.payment_address])).toEqual([
      [1000, alice.address],
      [600, bob.address],
      [400, alice.address],
    ]);
  });

  it("isshieldedtrc20contractnotespent flips once the contract records the nullifier; the scan's flags follow", async () => {
    const scan = async () =>
      (
        await post("/wallet/scanshieldedtrc20notesbyivk", {
          ...(await range()),
          shielded_TRC20_contract_address: contractHex,
          ivk: hex(alice.ivk),
          ak: hex(alice.ak),
          nk: hex(alice.nk),
        })
      ).noteTxs;
    const before = await scan();
    expect(before.map((n: Any) => n.is_spent ?? false)).toEqual([false, false]);
    const first = before[0];
    const request = {
      note: first.note,
      ak: hex(alice.ak),
      nk: hex(alice.nk),
      position: first.position ?? 0,
      shielded_TRC20_contract_address: contractHex,
    };
    expect(await post("/wallet/isshieldedtrc20contractnotespent", request)).toEqual({});
    const nf = shielded.shieldedTrc20Nullifier(
      {
        value: BigInt(first.note.value),
        paymentAddress: first.note.payment_address,
        rcm: hexToBytes(first.note.rcm),
      },
      0n,
      alice.ak,
      alice.nk,
    );
    const recipient = tronWeb.address.fromPrivateKey(hex(node.accounts[0]!.privateKey)) as string;
    await notes
      .burn(`0x${hex(nf)}`, recipient, 1_000, words(new Uint8Array(96)))
      .send({ feeLimit: 1_000_000_000 });
    expect(await post("/wallet/isshieldedtrc20contractnotespent", request)).toEqual({ is_spent: true });
    expect((await scan()).map((n: Any) => n.is_spent ?? false)).toEqual([true, false]);
    // the same note at another position is another nullifier: not spent
    expect(await post("/wallet/isshieldedtrc20contractnotespent", { ...request, position: 5 })).toEqual({});
    // a contract that does not exist: the constant call fails, as java-tron words it
    expect(
      (
        await post("/wallet/isshieldedtrc20contractnotespent", {
          ...request,
          shielded_TRC20_contract_address: `41${"99".repeat(20)}`,
        })
      ).Error,
    ).toBe("class org.tron.core.exception.ContractExeException : trigger contract to get nullifier error.");
  });
});
