import { randomBytes } from "node:crypto";
import {
  addExact,
  addressOfPrivateKey,
  ChainProperties,
  cloneAccount,
  type DevAccount,
  type DevApi,
  newAccount,
  randomPrivateKey,
  Tables,
  TronodeError,
} from "@tronode/engine";
import type { BlockProducer } from "../chain/block-producer.js";
import type { ChainService } from "../chain/chain-service.js";

export interface DevControlsOptions {
  readonly chain: ChainService;
  readonly producer: BlockProducer;
  readonly genesisAccounts: readonly DevAccount[];
  readonly mnemonic: string | undefined;
  readonly hdPath: string;
  /** Balance given to each generated account, in sun. */
  readonly balance: bigint;
}

/** Largest batch of /admin/temporary-accounts-generation and tre_mine. */
const MAX_BATCH = 1000;

/** TRE's development surface over a running chain. */
export class DevControls implements DevApi {
  private readonly batches: DevAccount[][] = [];

  constructor(private readonly options: DevControlsOptions) {}

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
      batch.push({ privateKey, address: addressOfPrivateKey(privateKey) });
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

  async mine(blocks: number): Promise<void> {
    if (!Number.isInteger(blocks) || blocks < 1 || blocks > MAX_BATCH) {
      throw new TronodeError("INVALID_COUNT", `blocks must be an integer from 1 to ${MAX_BATCH}`);
    }
    await this.options.producer.mine(blocks);
  }

  async setBlockTime(seconds: number): Promise<void> {
    this.options.producer.setBlockTime(seconds);
  }
}
