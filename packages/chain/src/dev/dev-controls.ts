import { randomBytes } from "node:crypto";
import { create } from "@bufbuild/protobuf";
import {
  AccountSchema,
  AccountType,
  addExact,
  bytesToHex,
  ChainProperties,
  ContractTables,
  cloneAccount,
  type DevAccount,
  type DevApi,
  type ForkInfo,
  keccak256,
  newAccount,
  randomPrivateKey,
  readStorageRow,
  SmartContractSchema,
  storageAddressHash,
  storageRowKey,
  Tables,
  TronodeError,
  utf8Encode,
} from "@tronode/engine/internal";
import { addressOfPrivateKeyFast } from "@tronode/secp256k1-native";
import type { BlockProducer } from "../chain/block-producer.js";
import type { ChainService } from "../chain/chain-service.js";
import type { ChainCheckpoint } from "../chain/dev-history.js";
import type { DevClock } from "./dev-clock.js";
import { dumpChainState, readStateDump, replacementChanges } from "./state-dump.js";

export interface DevControlsOptions {
  readonly chain: ChainService;
  readonly producer: BlockProducer;
  readonly clock: DevClock;
  /** Owners whose transactions skip the signature check (shared with the ChainService). */
  readonly signatureBypass: SignatureBypass;
  readonly genesisAccounts: readonly DevAccount[];
  readonly mnemonic: string | undefined;
  readonly hdPath: string;
  /** Balance given to each generated account, in sun. */
  readonly balance: bigint;
  /** The chain's genesis block id (a state dump names its chain by it). */
  readonly chainId: Uint8Array;
  readonly version: string;
  /** A forked chain's origin and figures (tre_forkInfo). */
  readonly forkInfo?: () => ForkInfo | undefined;
  /** Replaces the chain: a new fork, or the fresh local chain (the node composes it). */
  readonly reset: (forking?: { readonly url: string; readonly blockNumber?: bigint }) => Promise<void>;
}

/** How far after its parent a mined block is stamped at the earliest (OZ's patched tre_mine). */
const MINE_SPACING_MS = 1000n;
/** Largest batch of /admin/temporary-accounts-generation and tre_mine. */
const MAX_BATCH = 1000;

interface Snapshot {
  readonly id: bigint;
  readonly checkpoint: ChainCheckpoint;
  readonly release: () => void;
  readonly headTimestamp: bigint;
  readonly nextBlockTimestamp: bigint | undefined;
}

/**
 * The accounts whose transactions a dev chain accepts unsigned: TRE's unlocked accounts and
 * Anvil/Hardhat-style impersonated ones.
 */
export class SignatureBypass {
  private readonly unlocked = new Set<string>();
  private readonly impersonated = new Set<string>();

  readonly test = (owner: Uint8Array): boolean => {
    const id = bytesToHex(owner);
    return this.unlocked.has(id) || this.impersonated.has(id);
  };

  unlock(address: Uint8Array): void {
    this.unlocked.add(bytesToHex(address));
  }

  impersonate(address: Uint8Array): void {
    this.impersonated.add(bytesToHex(address));
  }

  stopImpersonating(address: Uint8Array): void {
    this.impersonated.delete(bytesToHex(address));
  }
}

/** TRE's development surface over a running chain, with Anvil/Hardhat/Ganache's superpowers. */
export class DevControls implements DevApi {
  private readonly batches: DevAccount[][] = [];
  private snapshots: Snapshot[] = [];
  private nextSnapshotId = 1n;
  readonly instanceId: Uint8Array = randomBytes(32);

  constructor(private readonly options: DevControlsOptions) {}

  forkInfo(): ForkInfo | undefined {
    return this.options.forkInfo?.();
  }

  async reset(forking?: { readonly url: string; readonly blockNumber?: bigint }): Promise<void> {
    await this.options.reset(forking);
    this.forgetFrom(0);
  }

  get version(): string {
    return this.options.version;
  }

  async storageAt(address: Uint8Array, slot: Uint8Array): Promise<Uint8Array | undefined> {
    const view = this.options.chain.headView;
    const contract = view.get(ContractTables.contracts, address);
    if (!contract) return undefined;
    const row = storageRowKey(storageAddressHash(address, contract.trxHash), slot, contract.version);
    return readStorageRow(view, address, slot, row) ?? new Uint8Array(32);
  }

  get mnemonic(): string | undefined {
    return this.options.mnemonic;
  }

  get hdPath(): string {
    return this.options.hdPath;
  }

  genesisAccounts(): readonly DevAccount[] {
    return this.options.genesisAccounts;
  }

  generatedAccountBatches(): readonly (readonly DevAccount[])[] {
    return this.batches;
  }

  async generateAccounts(count: number): Promise<readonly DevAccount[]> {
    if (!Number.isInteger(count) || count < 1 || count > MAX_BATCH) {
      throw new TronodeError("INVALID_COUNT", `accounts must be an integer from 1 to ${MAX_BATCH}`);
    }
    const batch: DevAccount[] = [];
    for (let i = 0; i < count; i++) {
      const privateKey = randomPrivateKey((n) => new Uint8Array(randomBytes(n)));
      batch.push({ privateKey, address: addressOfPrivateKeyFast(privateKey) });
    }
    await this.options.chain.adminWrite((state) => {
      const props = new ChainProperties(state);
      for (const a of batch) {
        const existing = state.get(Tables.accounts, a.address);
        const account = existing
          ? cloneAccount(existing)
          : newAccount({ address: a.address, createTime: props.headTimestamp, props });
        account.balance = addExact(account.balance, this.options.balance);
        state.put(Tables.accounts, a.address, account);
      }
    });
    this.batches.push(batch);
    return batch;
  }

  async mine(blocks: number, spacingMs = MINE_SPACING_MS): Promise<void> {
    if (!Number.isInteger(blocks) || blocks < 1 || blocks > MAX_BATCH) {
      throw new TronodeError("INVALID_COUNT", `blocks must be an integer from 1 to ${MAX_BATCH}`);
    }
    if (spacingMs < 0n) throw new TronodeError("INVALID_TIME", "block spacing must not be negative");
    await this.options.producer.mine(blocks, spacingMs);
  }

  async setBlockTime(seconds: number): Promise<void> {
    this.options.producer.setBlockTime(seconds);
  }

  async snapshot(): Promise<bigint> {
    const { checkpoint, release } = await this.options.chain.checkpoint();
    const id = this.nextSnapshotId++;
    this.snapshots.push({
      id,
      checkpoint,
      release,
      headTimestamp: new ChainProperties(this.options.chain.committedView).headTimestamp,
      nextBlockTimestamp: this.options.clock.nextBlockTimestamp,
    });
    return id;
  }

  async revert(id: bigint): Promise<boolean> {
    const index = this.snapshots.findIndex((s) => s.id === id);
    if (index < 0) return false;
    const snapshot = this.snapshots[index]!;
    // A block in hand finishes first; the rewind is queued behind it.
    await this.options.producer.pause(async () => {
      await this.options.chain.rewindTo(snapshot.checkpoint);
      this.options.clock.resetTo(snapshot.headTimestamp, snapshot.nextBlockTimestamp);
    });
    this.forgetFrom(index);
    return true;
  }

  async dropSnapshot(id: bigint): Promise<boolean> {
    const index = this.snapshots.findIndex((s) => s.id === id);
    if (index < 0) return false;
    this.forgetFrom(index);
    return true;
  }

  async increaseTime(ms: bigint): Promise<bigint> {
    if (ms < 0n) throw new TronodeError("INVALID_TIME", "time can only move forward");
    return this.options.clock.increase(ms);
  }

  async setTime(timestampMs: bigint): Promise<bigint> {
    this.requireAfterHead(timestampMs);
    return this.options.clock.setTime(timestampMs);
  }

  async setNextBlockTimestamp(timestampMs: bigint): Promise<void> {
    this.requireAfterHead(timestampMs);
    this.options.clock.setNextBlockTimestamp(timestampMs);
  }

  async setAccountBalance(address: Uint8Array, balance: bigint): Promise<void> {
    if (balance < 0n) throw new TronodeError("INVALID_BALANCE", "balance can not be less than 0");
    await this.options.chain.adminWrite((state) => {
      const props = new ChainProperties(state);
      const existing = state.get(Tables.accounts, address);
      const account = existing
        ? cloneAccount(existing)
        : newAccount({ address, createTime: props.headTimestamp, props });
      account.balance = balance;
      state.put(Tables.accounts, address, account);
    });
  }

  async setAccountCode(address: Uint8Array, code: Uint8Array): Promise<void> {
    await this.options.chain.adminWrite((state) => {
      const existing = state.get(Tables.accounts, address);
      const account = create(AccountSchema, {
        ...(existing ?? { address }),
        type: AccountType.Contract,
        accountName: utf8Encode("CreatedByTre"),
        ownerPermission: undefined,
        witnessPermission: undefined,
        activePermission: [],
      });
      state.put(Tables.accounts, address, account);
      const contract =
        state.get(ContractTables.contracts, address) ??
        create(SmartContractSchema, { contractAddress: address, consumeUserResourcePercent: 100n });
      state.put(ContractTables.contracts, address, { ...contract, codeHash: keccak256(code) });
      state.put(ContractTables.code, address, code);
    });
  }

  async setAccountStorageAt(address: Uint8Array, slot: Uint8Array, value: Uint8Array): Promise<void> {
    await this.options.chain.adminWrite((state) => {
      const contract = state.get(ContractTables.contracts, address);
      const key = storageRowKey(storageAddressHash(address, contract?.trxHash), slot, contract?.version ?? 0);
      if (value.every((b) => b === 0)) state.delete(ContractTables.storageRows, key);
      else state.put(ContractTables.storageRows, key, value);
    });
  }

  async unlockAccounts(addresses: readonly Uint8Array[]): Promise<void> {
    for (const address of addresses) this.options.signatureBypass.unlock(address);
  }

  async impersonate(address: Uint8Array): Promise<void> {
    this.options.signatureBypass.impersonate(address);
  }

  async stopImpersonating(address: Uint8Array): Promise<void> {
    this.options.signatureBypass.stopImpersonating(address);
  }

  stateDigest(): Promise<Uint8Array> {
    return this.options.chain.exclusive(() => this.options.chain.store.stateDigest());
  }

  dumpState(): Promise<Uint8Array> {
    return this.options.chain.exclusive(() => dumpChainState(this.options.chain.store, this.options.chainId));
  }

  async loadState(dump: Uint8Array): Promise<void> {
    const rows = readStateDump(dump, this.options.chainId);
    await this.options.producer.pause(() =>
      this.options.chain.replaceState(() => replacementChanges(this.options.chain.store, rows)),
    );
  }

  /** Forgets the snapshot at `index` and every newer one. */
  private forgetFrom(index: number): void {
    for (const s of this.snapshots.slice(index)) s.release();
    this.snapshots = this.snapshots.slice(0, index);
  }

  private requireAfterHead(timestampMs: bigint): void {
    const head = new ChainProperties(this.options.chain.headView).headTimestamp;
    if (timestampMs <= head) {
      throw new TronodeError(
        "INVALID_TIME",
        `timestamp ${timestampMs} must be after the head block's timestamp ${head}`,
      );
    }
  }
}
