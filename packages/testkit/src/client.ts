import {
  bytesToHex,
  type ContractType,
  encodeTransaction,
  hexToBytes,
  signHash,
  signTransaction,
  TronodeError,
  transactionId,
} from "@tronode/engine";
import { transactionOnHead } from "@tronode/engine/internal";
import { type AddressLike, hexAddress } from "./addresses.js";
import {
  type AbiEntry,
  contractAt,
  type DeployOptions,
  deployContract,
  type TestContract,
} from "./contracts.js";
import type { Json } from "./json.js";
import { type Receipt, receiptOf, refusalOf } from "./receipt.js";
import type { TestAccount, Transport } from "./transports.js";

/** Who signs a transaction: one account (or private key), or several under a permission id. */
export interface Signing {
  /** The signers' accounts or private keys (hex), in signing order (default: the builder's owner's own key, when known). */
  readonly signers?: readonly (TestAccount | string)[];
  /** The permission that signs (0 = owner, 2 and up = an active permission). */
  readonly permissionId?: number;
}

/** A transaction as java-tron's builders print it (txID, raw_data, raw_data_hex), before signing. */
export type BuiltTransaction = Json;

/** The account, resource and balance views a test reads. */
export interface Views {
  /** getaccount's answer (`{}` when the account does not exist). */
  getAccount(address: AddressLike): Promise<Json>;
  /** getaccountresource's answer. */
  getAccountResource(address: AddressLike): Promise<Json>;
  /** The TRX balance in sun (0 for an account that does not exist). */
  getBalance(address: AddressLike): Promise<bigint>;
  /** The TRC-10 balance of `tokenId`, in its smallest unit. */
  getTokenBalance(address: AddressLike, tokenId: string): Promise<bigint>;
}

/** The node's dev superpowers (TRE's /tre methods), from a test. */
export interface Controls {
  /** Mines `blocks` blocks now. */
  mine(blocks?: number): Promise<void>;
  /** Moves the chain's clock forward (crossing maintenances, unfreeze delays, proposal expiry). */
  increaseTime(seconds: number): Promise<void>;
  /** A snapshot of the whole chain; `revert(id)` goes back to it. */
  snapshot(): Promise<string>;
  /** Goes back to a snapshot (each id works once). */
  revert(id: string): Promise<void>;
  /** Sets an account's TRX balance (sun), creating the account if needed. */
  setBalance(address: AddressLike, sun: bigint): Promise<void>;
  /** Sets a contract's runtime code (hex). */
  setCode(address: AddressLike, code: string): Promise<void>;
  /** Sets one storage slot of a contract (32-byte hex words). */
  setStorageAt(address: AddressLike, slot: string, value: string): Promise<void>;
  /** Lets transactions owned by `address` through without its signature. */
  impersonate(address: AddressLike): Promise<void>;
  /** Ends `impersonate`. */
  stopImpersonating(address: AddressLike): Promise<void>;
}

/** A client over a transport: funded accounts, builders, sending, reading, and the dev controls. */
export interface TestClient extends Views, Controls {
  readonly transport: Transport;
  /** The chain's funded accounts (keys and addresses). */
  accounts(): Promise<readonly TestAccount[]>;
  /**
   * Builds a transaction with one of java-tron's builder operations (`createtransaction`,
   * `freezebalancev2`, `delegateresource`, `votewitnessaccount`, `deploycontract`, …): `body` is
   * its request, addresses in any spelling (fields named `*address*` are written as hex). Throws
   * the builder's refusal with java-tron's text.
   */
  build(operation: string, body: Readonly<Record<string, unknown>>): Promise<BuiltTransaction>;
  /** Signs a built transaction with each signer (its permission id is the builder's `Permission_id`). */
  sign(transaction: BuiltTransaction, signers: readonly (TestAccount | string)[]): BuiltTransaction;
  /**
   * Broadcasts a signed transaction and, once it is in a block, reads its receipt; a broadcast
   * java-tron refuses gives a receipt with `refused` (its code and text) instead.
   */
  broadcast(transaction: BuiltTransaction): Promise<Receipt>;
  /**
   * Builds, signs (by the owner's key when it is one of the accounts, or `signing.signers`) and
   * broadcasts: a builder's refusal and a broadcast's both come back as a refused receipt.
   */
  send(operation: string, body: Readonly<Record<string, unknown>>, signing?: Signing): Promise<Receipt>;
  /**
   * Sends a contract the caller builds as a protobuf message (any contract type, e.g. a
   * ShieldedTransferContract with the caller's proofs): packed into a transaction on the chain's
   * head, signed by `signing.signers`, broadcast as bytes. String fields named `*Address` may be in
   * any spelling.
   */
  sendContract(
    type: ContractType,
    parameter: Readonly<Record<string, unknown>>,
    signing: Signing & { readonly signers: readonly (TestAccount | string)[] },
  ): Promise<Receipt>;
  /** A TRX transfer of `amount` sun. */
  transfer(from: TestAccount, to: AddressLike, amount: bigint, signing?: Signing): Promise<Receipt>;
  /** Deploys a contract from solc's output (ABI, bytecode, constructor arguments). */
  deploy(
    options: DeployOptions,
  ): Promise<{ readonly receipt: Receipt; readonly contract: TestContract | undefined }>;
  /** A contract already on the chain, with its ABI. */
  contractAt(address: AddressLike, abi: readonly AbiEntry[]): TestContract;
  /** Releases the transport (the in-memory chain). */
  close(): Promise<void>;
}

/** A test client over `transport` (`await memory()` for a chain in this process, `http(url)` for a node). */
export function createTestClient(transport: Transport): TestClient {
  let known: readonly TestAccount[] | undefined;
  const accounts = async () => {
    known ??= await transport.accounts();
    return known;
  };
  const rpc = async (method: string, params: readonly unknown[]) => {
    const answer = await transport.post("/tre", { jsonrpc: "2.0", id: 1, method, params });
    if (answer.error) throw new TronodeError("DEV_METHOD_FAILED", `${method}: ${answer.error.message}`);
    return answer.result;
  };
  /** The receipt of a broadcast transaction, once it is in a block. */
  const settledReceipt = async (txId: string): Promise<Receipt> => {
    await transport.settle(txId);
    const info = await transport.post("/wallet/gettransactioninfobyid", { value: txId });
    const stored = await transport.post("/wallet/gettransactionbyid", { value: txId });
    return receiptOf(txId, info, stored);
  };
  const keyOf = (signer: TestAccount | string) => (typeof signer === "string" ? signer : signer.privateKey);

  const client: TestClient = {
    transport,
    accounts,
    async build(operation, body) {
      const answer = await transport.post(`/wallet/${operation}`, withHexAddresses(body));
      // contract builders answer a TransactionExtention: {result, transaction}
      const built = answer.transaction ?? answer;
      if (built.txID === undefined || (answer.result !== undefined && answer.result.result !== true)) {
        const refusal = refusalOf(answer.result?.code !== undefined ? answer.result : answer);
        throw new TronodeError("TRANSACTION_REFUSED", refusal.message, { cause: refusal });
      }
      return built;
    },
    sign(transaction, signers) {
      const id = hexToBytes(transaction.txID);
      const signatures = signers.map((s) => Buffer.from(signHash(id, hexToBytes(keyOf(s)))).toString("hex"));
      return { ...transaction, signature: [...(transaction.signature ?? []), ...signatures] };
    },
    async broadcast(transaction) {
      const answer = await transport.post("/wallet/broadcasttransaction", transaction);
      if (answer.result !== true) return { txId: transaction.txID, refused: refusalOf(answer) } as Receipt;
      return settledReceipt(transaction.txID);
    },
    async send(operation, body, signing = {}) {
      let built: BuiltTransaction;
      try {
        built = await client.build(operation, {
          ...body,
          ...(signing.permissionId === undefined ? {} : { Permission_id: signing.permissionId }),
        });
      } catch (error) {
        if (error instanceof TronodeError && error.code === "TRANSACTION_REFUSED")
          return { txId: undefined, refused: error.cause } as unknown as Receipt;
        throw error;
      }
      const signers = signing.signers ?? ownerSigner(body, await accounts());
      return client.broadcast(client.sign(built, signers));
    },
    async sendContract(type, parameter, signing) {
      const head = await transport.post("/wallet/getnowblock", {});
      const raw = head.block_header.raw_data;
      const fields = Object.fromEntries(
        Object.entries(parameter).map(([key, value]) => [
          key,
          /Address$/.test(key) && typeof value === "string" ? hexToBytes(hexAddress(value)) : value,
        ]),
      );
      let tx = transactionOnHead(
        {
          number: BigInt(raw.number ?? 0),
          id: hexToBytes(head.blockID),
          timestamp: BigInt(raw.timestamp ?? 0),
        },
        type,
        fields as never,
        signing.permissionId === undefined ? {} : { permissionId: signing.permissionId },
      );
      for (const signer of signing.signers) tx = signTransaction(tx, hexToBytes(keyOf(signer)));
      const txId = bytesToHex(transactionId(tx));
      const answer = await transport.post("/wallet/broadcasthex", {
        transaction: bytesToHex(encodeTransaction(tx)),
      });
      if (answer.result !== true) return { txId, refused: refusalOf(answer) } as Receipt;
      return settledReceipt(txId);
    },
    transfer: (from, to, amount, signing) =>
      client.send(
        "createtransaction",
        { owner_address: from, to_address: to, amount },
        { signers: [from], ...signing },
      ),
    getAccount: (address) => transport.post("/wallet/getaccount", { address: hexAddress(address) }),
    getAccountResource: (address) =>
      transport.post("/wallet/getaccountresource", { address: hexAddress(address) }),
    async getBalance(address) {
      const account = await client.getAccount(address);
      return BigInt(account.balance ?? 0);
    },
    async getTokenBalance(address, tokenId) {
      const account = await client.getAccount(address);
      const entry = (account.assetV2 ?? []).find((e: { key: string }) => e.key === tokenId);
      return BigInt(entry?.value ?? 0);
    },
    mine: async (blocks = 1) => {
      await rpc("tre_mine", [{ blocks }]);
    },
    increaseTime: async (seconds) => {
      await rpc("tre_increaseTime", [seconds]);
    },
    snapshot: async () => String(await rpc("tre_snapshot", [])),
    revert: async (id) => {
      await rpc("tre_revert", [id]);
    },
    setBalance: async (address, sun) => {
      await rpc("tre_setAccountBalance", [hexAddress(address), `0x${sun.toString(16)}`]);
    },
    setCode: async (address, code) => {
      await rpc("tre_setAccountCode", [hexAddress(address), code.startsWith("0x") ? code : `0x${code}`]);
    },
    setStorageAt: async (address, slot, value) => {
      await rpc("tre_setAccountStorageAt", [hexAddress(address), slot, value]);
    },
    impersonate: async (address) => {
      await rpc("tre_impersonateAccount", [hexAddress(address)]);
    },
    stopImpersonating: async (address) => {
      await rpc("tre_stopImpersonatingAccount", [hexAddress(address)]);
    },
    deploy: (options) => deployContract(client, options),
    contractAt: (address, abi) => contractAt(client, address, abi),
    close: () => transport.close(),
  };
  return client;
}

/** The builder's request with every field named like an address written as hex (visible false). */
function withHexAddresses(body: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (/address$/i.test(key) && value !== undefined && value !== null)
      out[key] = hexAddress(value as AddressLike);
    else if (Array.isArray(value)) out[key] = value.map((v) => (isRecord(v) ? withHexAddresses(v) : v));
    else if (isRecord(value)) out[key] = withHexAddresses(value);
    else out[key] = value;
  }
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array)
  );
}

/** The owner's own key, when the owner is one of the chain's accounts. */
function ownerSigner(
  body: Readonly<Record<string, unknown>>,
  accounts: readonly TestAccount[],
): readonly TestAccount[] {
  const owner = body.owner_address;
  if (owner === undefined) throw new TronodeError("TRANSACTION_REFUSED", "no owner_address and no signers");
  const hex = hexAddress(owner as AddressLike);
  const account = accounts.find((a) => a.hex === hex);
  if (!account) throw new TronodeError("TRANSACTION_REFUSED", `no key for ${hex}: pass signing.signers`);
  return [account];
}
