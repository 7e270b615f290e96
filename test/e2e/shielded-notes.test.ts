/**
 * The shielded note operations through a real node over HTTP:
 * - createshieldnullifier on a java-tron-shaped voucher JSON with a public Zcash vector note;
 * - getshieldtransactionhash of a transaction given as java-tron's JSON;
 * - gettriggerinputforshieldedtrc20contract against ethers' ABI encoder for the shielded TRC-20
 *   contract's mint, transfer and burn signatures;
 * - the shielded TRC-20 scans over notes our own code encrypted, placed by hand as logs of an
 *   address in the TransactionInfos of real transactions in real blocks (every log type, TokenBurn
 *   included; shielded-trc20-contract.test.ts has a deployed contract emit them);
 * - the ShieldedTransferContract operations on a chain that cannot hold one: java-tron's answers;
 * - the same operations over gRPC (stubs from TRON's api.proto), behind java-tron's committee
 *   switches: this chain's genesis turns ALLOW_SHIELDED_TRC20_TRANSACTION on and leaves
 *   ALLOW_SHIELDED_TRANSACTION off.
 */
import { create } from "@bufbuild/protobuf";
import {
  addressToBase58,
  bytesToHex,
  ChainProperties,
  ContractType,
  hexToBytes,
  packContract,
  printTransaction,
  shielded,
  Tables,
  Transaction_rawSchema,
  type TransactionInfo,
  TransactionInfo_LogSchema,
  TransactionSchema,
  transactionId,
} from "@tronode/engine/internal";
import { createNode, defaultNodeConfig, TRE_CHAIN_PARAMETERS, type TronNode } from "@tronode/node";
import { AbiCoder } from "ethers";
import { TronWeb } from "tronweb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GrpcStatus, type GrpcStub, grpcFailure, grpcStub } from "../support/grpc-stubs.js";

// biome-ignore lint/suspicious/noExplicitAny: JSON answers read loosely
type Json = Record<string, any>;
let node: TronNode;
let walletRpc: GrpcStub;
let solidity: GrpcStub;

async function post(path: string, body: unknown = {}): Promise<Json> {
  const response = await fetch(`${node.url}${path}`, { method: "POST", body: JSON.stringify(body) });
  return (await response.json()) as Json;
}
async function get(path: string): Promise<Json> {
  return (await (await fetch(`${node.url}${path}`)).json()) as Json;
}

const hex = bytesToHex;
const fill = (length: number, byte: number) => new Uint8Array(length).fill(byte);
const words = (bytes: Uint8Array) =>
  Array.from({ length: bytes.length / 32 }, (_, i) => `0x${hex(bytes.subarray(i * 32, i * 32 + 32))}`);
const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]));

/** A keyed wallet from a seed, as the engine derives it. */
function wallet(seed: number) {
  const sk = fill(32, seed);
  sk[0] = 0x0f & seed;
  const e = shielded.expandSpendingKey(sk);
  const ak = shielded.akFromAsk(e.ask);
  const nk = shielded.nkFromNsk(e.nsk);
  const ivk = shielded.incomingViewingKey(ak, nk);
  const d = shielded.defaultDiversifier(sk);
  const pkD = shielded.transmissionKey(ivk, d)!;
  return { ...e, ak, nk, ivk, d, pkD, address: shielded.encodePaymentAddress({ d, pkD }) };
}

const CONTRACT = hexToBytes(`41${"ab".repeat(20)}`);
const word = (v: bigint) => hexToBytes(v.toString(16).padStart(64, "0"));

/** A NewLeaf log of the contract: pos ‖ cm ‖ cv ‖ epk ‖ c_enc ‖ c_out ‖ 12 zero bytes (800 bytes). */
function leafLog(
  topic: Uint8Array,
  position: bigint,
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
    rcm: shielded.scalarToBytes(seed * 31n + 5n),
    memo: shielded.memoOf(new TextEncoder().encode(memo)),
  };
  const cv = shielded.encodePoint(shielded.valueCommitment(value, seed * 17n + 3n));
  const enc = shielded.encryptNote(note, shielded.scalarToBytes(seed * 13n + 1n), senderOvk, cv)!;
  const data = concat(word(position), enc.cmu, cv, enc.epk, enc.cEnc, enc.cOut, new Uint8Array(12));
  return create(TransactionInfo_LogSchema, { address: CONTRACT.subarray(1), topics: [topic], data });
}

const alice = wallet(5);
const bob = wallet(6);
const recipient = hexToBytes(`41${"77".repeat(20)}`);
/** The transactions whose infos got the logs, oldest first. */
const placed: string[] = [];

beforeAll(async () => {
  const defaults = defaultNodeConfig();
  node = await createNode({
    port: 0,
    blockTime: 0,
    accounts: 2,
    grpcPort: 0,
    grpcSolidityPort: 0,
    genesis: {
      ...defaults.genesis,
      parameters: { ...TRE_CHAIN_PARAMETERS, ALLOW_SHIELDED_TRC20_TRANSACTION: 1n },
    },
  });
  walletRpc = grpcStub("Wallet", node.grpc.full!);
  solidity = grpcStub("WalletSolidity", node.grpc.solidity!);
  const [a, b] = node.accounts;
  for (let i = 0; i < 3; i++) {
    const tw = new TronWeb({ fullHost: node.url!, privateKey: hex(a!.privateKey) });
    const tx = await tw.transactionBuilder.sendTrx(
      addressToBase58(b!.address),
      1 + i,
      addressToBase58(a!.address),
    );
    expect((await tw.trx.sendRawTransaction(await tw.trx.sign(tx))).result).toBe(true);
  }
  const head = new ChainProperties(node.chain.committedView).headNumber;
  const T = shielded.SHIELDED_TRC20_TOPICS;
  const burnData = concat(
    new Uint8Array(12),
    recipient.subarray(1),
    word(550n),
    shielded.encryptBurnMessage(bob.ovk, 550n, recipient),
    new Uint8Array(16),
  );
  const logsByBlock = [
    [leafLog(T.mint, 0n, alice, alice.ovk, 1_000n, "first", 1n)],
    [
      leafLog(T.transfer, 1n, bob, alice.ovk, 600n, "to bob", 2n),
      leafLog(T.transfer, 2n, alice, alice.ovk, 400n, "change", 3n),
    ],
    [
      leafLog(T.burnLeaf, 3n, alice, bob.ovk, 50n, "", 4n),
      create(TransactionInfo_LogSchema, {
        address: CONTRACT.subarray(1),
        topics: [T.burnToken],
        data: burnData,
      }),
    ],
  ];
  await node.chain.adminWrite((state) => {
    logsByBlock.forEach((logs, i) => {
      const n = head - 2n + BigInt(i);
      const tx = state.get(Tables.blocks, n)!.transactions[0]!;
      const id = transactionId(tx);
      const info = state.get(Tables.transactionInfos, id)!;
      const withLogs: TransactionInfo = { ...info, log: logs, contractAddress: CONTRACT };
      state.put(Tables.transactionInfos, id, withLogs);
      placed.push(hex(id));
    });
  });
});

afterAll(async () => {
  walletRpc?.close();
  solidity?.close();
  await node?.stop();
});

describe("shielded TRC-20 scans over the chain's logs", () => {
  const range = () => {
    const head = new ChainProperties(node.chain.committedView).headNumber;
    return { start_block_index: 0, end_block_index: Number(head) + 1 };
  };

  it("scanshieldedtrc20notesbyivk finds exactly the notes to that ivk, with positions, memos and indexes", async () => {
    const body = { ...range(), shielded_TRC20_contract_address: hex(CONTRACT), ivk: hex(alice.ivk) };
    const answer = await post("/wallet/scanshieldedtrc20notesbyivk", body);
    expect(answer.noteTxs).toEqual([
      {
        note: {
          value: 1000,
          payment_address: alice.address,
          rcm: expect.any(String),
          memo: hex(new TextEncoder().encode("first")),
        },
        txid: placed[0],
        index: 0,
      },
      {
        note: {
          value: 400,
          payment_address: alice.address,
          rcm: expect.any(String),
          memo: hex(new TextEncoder().encode("change")),
        },
        position: 2,
        txid: placed[1],
        index: 1,
      },
      {
        note: { value: 50, payment_address: alice.address, rcm: expect.any(String) },
        position: 3,
        txid: placed[2],
        index: 0,
      },
    ]);
    // visible prints the memo as text and reads the contract in Base58Check; GET reads the query
    const visible = await post("/wallet/scanshieldedtrc20notesbyivk", {
      ...body,
      shielded_TRC20_contract_address: addressToBase58(CONTRACT),
      visible: true,
    });
    expect(visible.noteTxs.map((n: Json) => n.note.memo)).toEqual(["first", "change", undefined]);
    const { start_block_index, end_block_index } = range();
    const byGet = await get(
      `/walletsolidity/scanshieldedtrc20notesbyivk?start_block_index=${start_block_index}&end_block_index=${end_block_index}&shielded_TRC20_contract_address=${addressToBase58(CONTRACT)}&ivk=${hex(bob.ivk)}&visible=true`,
    );
    expect(byGet.noteTxs.map((n: Json) => [n.note.value, n.note.memo, n.position])).toEqual([
      [600, "to bob", 1],
    ]);
  });

  it("scanshieldedtrc20notesbyovk finds the notes that ovk sent and the TokenBurn it can open", async () => {
    const body = { ...range(), shielded_TRC20_contract_address: hex(CONTRACT) };
    const byAlice = await post("/wallet/scanshieldedtrc20notesbyovk", { ...body, ovk: hex(alice.ovk) });
    expect(byAlice.noteTxs.map((n: Json) => [n.note.value, n.note.payment_address])).toEqual([
      [1000, alice.address],
      [600, bob.address],
      [400, alice.address],
    ]);
    const byBob = await post("/wallet/scanshieldedtrc20notesbyovk", {
      ...body,
      shielded_TRC20_contract_address: addressToBase58(CONTRACT),
      ovk: hex(bob.ovk),
      visible: true,
    });
    expect(byBob.noteTxs).toEqual([
      expect.objectContaining({ txid: placed[2], index: 0, note: expect.objectContaining({ value: 50 }) }),
      { to_amount: "550", transparent_to_address: addressToBase58(recipient), txid: placed[2], index: 1 },
    ]);
    expect(await post("/wallet/scanshieldedtrc20notesbyovk", { ...body, ovk: hex(fill(32, 9)) })).toEqual({});
    // with visible the contract is Base58Check: hex text does not decode (java-tron: a NullPointerException)
    expect(
      (await post("/wallet/scanshieldedtrc20notesbyovk", { ...body, ovk: hex(bob.ovk), visible: true }))
        .Error,
    ).toBe("class java.lang.NullPointerException : null");
  });

  it("answers java-tron's texts for bad ranges and input", async () => {
    const tooLong = await post("/wallet/scanshieldedtrc20notesbyivk", {
      start_block_index: 0,
      end_block_index: 1001,
      shielded_TRC20_contract_address: hex(CONTRACT),
      ivk: hex(alice.ivk),
    });
    expect(tooLong.Error).toBe(
      "class org.tron.core.exception.BadItemException : request requires start_block_index >= 0 && end_block_index > start_block_index && end_block_index - start_block_index <= 1000",
    );
    expect((await get("/wallet/scanshieldedtrc20notesbyovk?end_block_index=5")).Error).toBe(
      "class java.lang.NumberFormatException : null",
    );
    const badContract = await post("/wallet/scanshieldedtrc20notesbyivk", {
      ...range(),
      shielded_TRC20_contract_address: "41ab",
      ivk: hex(alice.ivk),
    });
    expect(badContract.Error).toBe(
      "class org.tron.core.exception.ZksnarkException : invalid contract address",
    );
  });

  it("spent checks ask the contract: logs of an address with no contract fail as java-tron's constant call does", async () => {
    const withKeys = await post("/wallet/scanshieldedtrc20notesbyivk", {
      ...range(),
      shielded_TRC20_contract_address: hex(CONTRACT),
      ivk: hex(alice.ivk),
      ak: hex(alice.ak),
      nk: hex(alice.nk),
    });
    expect(withKeys.Error).toBe(
      "class org.tron.core.exception.ContractExeException : trigger contract to get nullifier error.",
    );
    expect((await post("/wallet/isshieldedtrc20contractnotespent", {})).Error).toBe(
      "class org.tron.core.exception.ZksnarkException : paymentAddress format is wrong",
    );
  });
});

describe("computations on the request", () => {
  it("createshieldnullifier: a Zcash vector note at the position its voucher JSON witnesses", async () => {
    const v = shieldedVector();
    const body = {
      note: { value: Number(v.noteV), payment_address: v.address, rcm: v.noteR },
      voucher: {
        // a tree of two leaves (as in java-tron's ShieldWalletTest request): position 1
        tree: {
          left: { content: "4eee2619c48ba2bd025025630cd013bacaf37e9a21b29e398975b7ce8d646a2e" },
          right: { content: v.noteCmu },
        },
      },
      ak: v.ak,
      nk: v.nk,
    };
    expect(await post("/wallet/createshieldnullifier", body)).toEqual({ value: v.nfAt1 });
    expect((await post("/wallet/createshieldnullifier", { ...body, voucher: {} })).Error).toBe(
      "class org.tron.core.exception.ZksnarkException : Position should be non-negative.",
    );
    expect(
      (await post("/wallet/createshieldnullifier", { ...body, note: { ...body.note, payment_address: "" } }))
        .Error,
    ).toBe("class org.tron.core.exception.ZksnarkException : paymentAddress format is wrong");
    expect((await fetch(`${node.url}/wallet/createshieldnullifier`)).status).toBe(200);
  });

  it("getshieldtransactionhash: the sighash of a ShieldedTransferContract given as java-tron's JSON", async () => {
    const tx = create(TransactionSchema, {
      rawData: create(Transaction_rawSchema, {
        refBlockBytes: hexToBytes("0a0b"),
        refBlockHash: hexToBytes("0102030405060708"),
        expiration: 1_700_000_060_000n,
        timestamp: 1_700_000_000_000n,
        contract: [
          packContract(ContractType.ShieldedTransferContract, {
            transparentFromAddress: node.accounts[0]!.address,
            fromAmount: 10_000_000n,
            receiveDescription: [
              { noteCommitment: fill(32, 2), epk: fill(32, 3), cEnc: fill(580, 4), cOut: fill(80, 5) },
            ],
            bindingSignature: fill(64, 6),
          }),
        ],
      }),
    });
    const json = printTransaction(tx, { visible: false });
    expect(await post("/wallet/getshieldtransactionhash", json)).toEqual({
      value: hex(shielded.shieldTransactionSighash(tx)!),
    });
    const transfer = printTransaction(
      create(TransactionSchema, {
        rawData: create(Transaction_rawSchema, {
          contract: [packContract(ContractType.TransferContract, { amount: 1n })],
        }),
      }),
      { visible: false },
    );
    expect((await post("/wallet/getshieldtransactionhash", transfer)).Error).toBe(
      "class org.tron.core.exception.ContractValidateException : Not a shielded transaction",
    );
  });

  it("gettriggerinputforshieldedtrc20contract packs mint, transfer and burn as the contract's ABI expects", async () => {
    const coder = AbiCoder.defaultAbiCoder();
    const spend = (n: number) => ({
      nullifier: fill(32, n),
      anchor: fill(32, n + 1),
      value_commitment: fill(32, n + 2),
      rk: fill(32, n + 3),
      zkproof: fill(192, n + 4),
    });
    const receive = (n: number) => ({
      note_commitment: fill(32, n),
      value_commitment: fill(32, n + 1),
      epk: fill(32, n + 2),
      zkproof: fill(192, n + 3),
      c_enc: fill(580, n + 4),
      c_out: fill(80, n + 5),
    });
    const jsonOf = (o: Record<string, Uint8Array>) =>
      Object.fromEntries(Object.entries(o).map(([k, v]) => [k, hex(v)]));
    const spendWords = (s: ReturnType<typeof spend>) =>
      words(concat(s.nullifier, s.anchor, s.value_commitment, s.rk, s.zkproof));
    const outputWords = (r: ReturnType<typeof receive>) =>
      words(concat(r.note_commitment, r.value_commitment, r.epk, r.zkproof));
    const cWords = (r: ReturnType<typeof receive>) => words(concat(r.c_enc, r.c_out, new Uint8Array(12)));
    const binding = fill(64, 0xbb);
    const sig = (n: number) => fill(64, 0xc0 + n);

    const mint = await post("/wallet/gettriggerinputforshieldedtrc20contract", {
      shielded_TRC20_Parameters: {
        receive_description: [jsonOf(receive(10))],
        binding_signature: hex(binding),
        parameter_type: "mint",
      },
      amount: "1000",
    });
    expect(mint.value).toBe(
      coder
        .encode(
          ["uint256", "bytes32[9]", "bytes32[2]", "bytes32[21]"],
          [1000n, outputWords(receive(10)), words(binding), cWords(receive(10))],
        )
        .slice(2),
    );

    const transfer = await post("/wallet/gettriggerinputforshieldedtrc20contract", {
      shielded_TRC20_Parameters: {
        spend_description: [jsonOf(spend(1)), jsonOf(spend(20))],
        receive_description: [jsonOf(receive(40)), jsonOf(receive(60))],
        binding_signature: hex(binding),
        parameter_type: "transfer",
      },
      spend_authority_signature: [{ value: hex(sig(1)) }, { value: hex(sig(2)) }],
    });
    expect(transfer.value).toBe(
      coder
        .encode(
          ["bytes32[10][]", "bytes32[2][]", "bytes32[9][]", "bytes32[2]", "bytes32[21][]"],
          [
            [spendWords(spend(1)), spendWords(spend(20))],
            [words(sig(1)), words(sig(2))],
            [outputWords(receive(40)), outputWords(receive(60))],
            words(binding),
            [cWords(receive(40)), cWords(receive(60))],
          ],
        )
        .slice(2),
    );

    const burnCipher = fill(80, 0xee);
    for (const outputs of [[], [receive(70)]]) {
      const burn = await post("/wallet/gettriggerinputforshieldedtrc20contract", {
        shielded_TRC20_Parameters: {
          spend_description: [jsonOf(spend(1))],
          receive_description: outputs.map(jsonOf),
          binding_signature: hex(binding),
          trigger_contract_input: hex(burnCipher),
          parameter_type: "burn",
        },
        spend_authority_signature: [{ value: hex(sig(1)) }],
        amount: "550",
        transparent_to_address: hex(recipient),
      });
      const expected = hexToBytes(
        coder
          .encode(
            [
              "bytes32[10]",
              "bytes32[2]",
              "uint256",
              "bytes32[2]",
              "address",
              "bytes32[3]",
              "bytes32[9][]",
              "bytes32[21][]",
            ],
            [
              spendWords(spend(1)),
              words(sig(1)),
              550n,
              words(binding),
              `0x${hex(recipient.subarray(1))}`,
              words(concat(burnCipher, new Uint8Array(16))),
              outputs.map(outputWords),
              outputs.map(cWords),
            ],
          )
          .slice(2),
      );
      // java-tron writes the address word with TRON's 0x41 prefix byte before the 20 bytes
      expected[15 * 32 + 11] = 0x41;
      expect(burn.value).toBe(hex(expected));
    }

    const error = async (body: Json) =>
      (await post("/wallet/gettriggerinputforshieldedtrc20contract", body)).Error;
    expect(await error({ shielded_TRC20_Parameters: { parameter_type: "mint" }, amount: "0" })).toBe(
      "class java.lang.IllegalArgumentException : require the value be positive",
    );
    expect(await error({ shielded_TRC20_Parameters: { parameter_type: "mint" }, amount: "12a" })).toBe(
      'class java.lang.NumberFormatException : For input string: "12a"',
    );
    expect(await error({ shielded_TRC20_Parameters: { parameter_type: "mint" }, amount: "-1" })).toBe(
      "class org.tron.core.exception.ContractValidateException : public amount must be non-negative",
    );
    expect(await error({ shielded_TRC20_Parameters: { parameter_type: "swap" } })).toBe(
      "class org.tron.core.exception.ZksnarkException : invalid shielded TRC-20 parameters type",
    );
    expect(
      await error({
        shielded_TRC20_Parameters: { parameter_type: "transfer", spend_description: [jsonOf(spend(1))] },
      }),
    ).toBe(
      "class org.tron.core.exception.ZksnarkException : the number of spendDescription and spendAuthoritySignature is not equal",
    );
    expect(await error({ shielded_TRC20_Parameters: { parameter_type: "burn" }, amount: "5" })).toBe(
      "class org.tron.core.exception.ZksnarkException : invalid shielded TRC-20 contract parameters for burn trigger input",
    );
    expect(
      await error({
        shielded_TRC20_Parameters: { parameter_type: "mint" },
        amount: "5",
        transparent_to_address: "41",
      }),
    ).toBe("class org.tron.core.exception.ZksnarkException : invalid transparent to address");
  });
});

describe("ShieldedTransferContract notes on a chain that cannot hold one", () => {
  it("scans find nothing; vouchers and isspend answer java-tron's texts for the transactions this chain has", async () => {
    const head = Number(new ChainProperties(node.chain.committedView).headNumber);
    const range = { start_block_index: 0, end_block_index: head + 1 };
    expect(await post("/wallet/scannotebyivk", { ...range, ivk: hex(alice.ivk) })).toEqual({});
    expect(
      await get(
        `/walletsolidity/scannotebyovk?start_block_index=0&end_block_index=${head + 1}&ovk=${hex(alice.ovk)}`,
      ),
    ).toEqual({});
    expect(
      await post("/wallet/scanandmarknotebyivk", {
        ...range,
        ivk: hex(alice.ivk),
        ak: hex(alice.ak),
        nk: hex(alice.nk),
      }),
    ).toEqual({});
    expect((await post("/wallet/scannotebyivk", { start_block_index: 5, end_block_index: 5 })).Error).toMatch(
      /BadItemException : request requires start_block_index >= 0/,
    );

    const note = { value: 1, payment_address: alice.address, rcm: hex(fill(32, 1)) };
    const isspend = (txid: string, index = 0) =>
      post("/wallet/isspend", { ak: hex(alice.ak), nk: hex(alice.nk), note, txid, index });
    // a transfer of a later block: its block holds no ShieldedTransferContract
    expect((await isspend(placed[1]!)).Error).toBe("class java.lang.RuntimeException : cm not found");
    // block 1's transactions need the tree index of genesis, which java-tron never writes
    const first = node.chain.store.view.get(Tables.blocks, 1n)?.transactions[0];
    if (first) {
      expect((await isspend(hex(transactionId(first)))).Error).toBe(
        "class org.tron.core.exception.ItemNotFoundException : number: 0 is not found!",
      );
    }
    expect((await isspend("00".repeat(32))).Error).toBe(
      `class java.lang.RuntimeException : tx is not found:${"00".repeat(32)}`,
    );
    expect((await isspend(placed[1]!, 10)).Error).toBe(
      "class org.tron.core.exception.BadItemException : outPoint.getIndex() > 10 || outPoint.getIndex() < 0",
    );
    const voucher = await post("/walletsolidity/getmerkletreevoucherinfo", {
      out_points: [{ hash: placed[0], index: 0 }],
    });
    expect(voucher.Error).toBe("class java.lang.RuntimeException : cm not found");
    expect((await post("/wallet/getmerkletreevoucherinfo", { out_points: [] })).Error).toBe(
      "class org.tron.core.exception.BadItemException : request.OutPointsCount must be speccified with range in [1, 10]",
    );
  });
});

describe("the note rpcs over gRPC", () => {
  it("answer what HTTP answers where the committee switch is on, and java-tron's INTERNAL text where it is off", async () => {
    const head = Number(new ChainProperties(node.chain.committedView).headNumber);
    const range = { start_block_index: "0", end_block_index: String(head + 1) };
    const scan = await walletRpc.call("ScanShieldedTRC20NotesByIvk", {
      ...range,
      shielded_TRC20_contract_address: CONTRACT,
      ivk: alice.ivk,
    });
    expect(
      scan.noteTxs.map((n: Json) => [n.note.value, n.position ?? "0", Buffer.from(n.txid).toString("hex")]),
    ).toEqual([
      ["1000", "0", placed[0]],
      ["400", "2", placed[1]],
      ["50", "3", placed[2]],
    ]);
    const byOvk = await solidity.call("ScanShieldedTRC20NotesByOvk", {
      ...range,
      shielded_TRC20_contract_address: CONTRACT,
      ovk: bob.ovk,
    });
    expect(byOvk.noteTxs.map((n: Json) => n.to_amount || n.note.value)).toEqual(["50", "550"]);
    const tooLong = await grpcFailure(
      walletRpc.call("ScanShieldedTRC20NotesByOvk", {
        start_block_index: "0",
        end_block_index: "1001",
        ovk: bob.ovk,
      }),
    );
    expect(tooLong).toEqual({
      code: GrpcStatus.INTERNAL,
      details:
        "request requires start_block_index >= 0 && end_block_index > start_block_index && end_block_index - start_block_index <= 1000",
    });
    // the TRC-10 pool's rpcs: closed by the committee on this chain (as on every java-tron network)
    for (const [stub, rpc] of [
      [walletRpc, "ScanNoteByIvk"],
      [solidity, "IsSpend"],
      [walletRpc, "GetMerkleTreeVoucherInfo"],
      [walletRpc, "CreateShieldNullifier"],
      [walletRpc, "GetShieldTransactionHash"],
    ] as const) {
      expect(await grpcFailure(stub.call(rpc, {})), rpc).toEqual({
        code: GrpcStatus.INTERNAL,
        details: "Not support Shielded Transaction, need to be opened by the committee",
      });
    }
    // #39 is on: the TRC-20 computations run
    const input = await walletRpc.call("GetTriggerInputForShieldedTRC20Contract", {
      shielded_TRC20_Parameters: {
        parameter_type: "mint",
        receive_description: [{ note_commitment: fill(32, 1) }],
      },
      amount: "7",
    });
    expect(hex(input.value)).toBe(
      (
        await post("/wallet/gettriggerinputforshieldedtrc20contract", {
          shielded_TRC20_Parameters: {
            parameter_type: "mint",
            receive_description: [{ note_commitment: hex(fill(32, 1)) }],
          },
          amount: "7",
        })
      ).value,
    );
    expect(await grpcFailure(walletRpc.call("IsShieldedTRC20ContractNoteSpent", {}))).toEqual({
      code: GrpcStatus.INTERNAL,
      details: "paymentAddress format is wrong",
    });
  });
});

/** Zcash key-components row 0 (zcash-test-vectors sapling_key_components.json) with its nf at position 1. */
function shieldedVector() {
  const d = hexToBytes("f19d9b797e39f337445839");
  const pkD = hexToBytes("db4cd2b0aac4f7eb8ca131f16567c445a9555126d3c29f14e3d776e841ae7415");
  const v = {
    ak: "f344ec380fe1273e3098c2588c5d3a791fd7ba958032760777fd0efa8ef11620",
    nk: "f7cf9e77f2e58683383c1519ac7b062d30040e27a725fb88fb19a978bd3fd6ba",
    noteV: 0n,
    noteR: "39176dac39ace4980ecc8d778e89860255ec3615060000000000000000000000",
    noteCmu: "cb3cf9153270d57eb914c6c2bcc01850c9fed44fce0806278f083ef2dd076439",
  };
  const nfAt1 = shielded.noteNullifier(
    { d, pkD, value: v.noteV, rcm: hexToBytes(v.noteR) },
    hexToBytes(v.ak),
    hexToBytes(v.nk),
    1n,
  )!;
  return { ...v, address: shielded.encodePaymentAddress({ d, pkD }), nfAt1: hex(nfAt1) };
}
