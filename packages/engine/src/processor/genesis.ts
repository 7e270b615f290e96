import { create } from "@bufbuild/protobuf";
import { newAccount } from "../chain/accounts.js";
import { blockId, blockReference, transactionTrieRoot } from "../chain/block-id.js";
import { GENESIS_WITNESS_SENTENCE } from "../chain/constants.js";
import { defaultOwnerPermission, setOperationBit } from "../chain/permissions.js";
import { activeWitnessAddresses, packAddresses } from "../chain/witness-schedule.js";
import { isValidAddress } from "../crypto/address.js";
import { utf8Encode } from "../crypto/bytes.js";
import { TronodeError } from "../errors.js";
import { GENESIS_WITNESS_VOTES, packWitnessVotes } from "../proposals/lifecycle.js";
import { packContract } from "../protocol/codec.js";
import { ContractType } from "../protocol/contract-types.js";
import {
  AccountSchema,
  AccountType,
  type Block,
  BlockSchema,
  TransactionSchema,
  WitnessSchema,
} from "../protocol/generated/protocol/core_pb.js";
import {
  type GenesisRules,
  genesisContractTypes,
  genesisParameterName,
  type PropertyName,
} from "../state/chain-parameters.js";
import { MutableChainProperties } from "../state/chain-properties.js";
import { CoreTables } from "../state/core-tables.js";
import { StateOverlay } from "../state/state-overlay.js";
import type { ChangeSet } from "../state/state-view.js";
import { EMPTY_VIEW } from "../state/state-view.js";
import { GENESIS_WITNESS_LIST, WITNESS_LIST } from "../witnesses/registry.js";

/** An account the genesis funds (java-tron's genesis.block.assets entry). */
export interface GenesisAccount {
  /** "Blackhole" marks the fee sink, as in java-tron's genesis config. */
  readonly name?: string;
  readonly address: Uint8Array;
  readonly balance: bigint;
}

/** A genesis witness (java-tron's genesis.block.witnesses entry): address, URL and votes. */
export interface GenesisWitness {
  readonly address: Uint8Array;
  readonly url: string;
  readonly voteCount: bigint;
}

/** What a genesis is made of: its time, parent hash, accounts, witnesses and chain parameters by java-tron name. */
export interface GenesisConfig {
  /** Genesis block timestamp, ms. */
  readonly timestamp: bigint;
  readonly parentHash: Uint8Array;
  readonly accounts: readonly GenesisAccount[];
  readonly witnesses: readonly GenesisWitness[];
  /** Chain parameter overrides by DynamicPropertiesStore name (e.g. ALLOW_MULTI_SIGN: 1n). */
  readonly parameters?: Readonly<Record<string, bigint>>;
  /**
   * `"dev"` (the default): TRE's chain — genesis accounts get a new account's default owner and
   * active permissions, and every switch on at genesis adds its proposal's contract types to both
   * operation masks, as if that proposal had passed. `"java-tron"`: a genesis read from java-tron's
   * config.conf, so the chain is java-tron's to the byte — no permission fields on genesis accounts
   * (Manager.initAccount) and only ALLOW_TVM_CONSTANTINOPLE adds its type.
   */
  readonly rules?: GenesisRules;
}

/** The all-zero address (0x41 ‖ 20 zero bytes). */
function zeroAddress(): Uint8Array {
  const address = new Uint8Array(21);
  address[0] = 0x41;
  return address;
}

/** Owner address of genesis transfers: the ASCII bytes of "0x000000000000000000000". */
const GENESIS_OWNER = utf8Encode("0x000000000000000000000");

/**
 * Builds the genesis block and the initial state from a config; the same config always gives the
 * same block (and so the same chain id = genesis block id).
 */
export function createGenesis(config: GenesisConfig): {
  block: Block;
  blockId: Uint8Array;
  changes: ChangeSet;
} {
  const state = new StateOverlay(EMPTY_VIEW);
  const props = new MutableChainProperties(state);

  for (const [name, value] of Object.entries(config.parameters ?? {})) {
    const stored = genesisParameterName(name);
    if (!stored) throw new TronodeError("UNKNOWN_PARAMETER", `unknown chain parameter ${name}`);
    props.set(stored, value);
  }
  // A chain born with ALLOW_TVM_VOTE or ALLOW_NEW_REWARD pays voters by Vi from its first cycle
  // (ProposalService does the same at the cycle either proposal is approved).
  if (props.isOn("ALLOW_TVM_VOTE") || props.isOn("ALLOW_NEW_REWARD")) {
    props.set("NEW_REWARD_ALGORITHM_EFFECTIVE_CYCLE", 0n);
  }

  let active = props.getBytes("ACTIVE_DEFAULT_OPERATIONS");
  let available = props.getBytes("AVAILABLE_CONTRACT_TYPE");
  const rules = config.rules ?? "dev";
  for (const [name, types] of Object.entries(genesisContractTypes(rules)) as [PropertyName, number[]][]) {
    if (props.get(name) > 0n) {
      for (const t of types) {
        active = setOperationBit(active, t);
        available = setOperationBit(available, t);
      }
    }
  }
  props.setBytes("ACTIVE_DEFAULT_OPERATIONS", active);
  props.setBytes("AVAILABLE_CONTRACT_TYPE", available);

  const transactions = config.accounts.map((a) =>
    create(TransactionSchema, {
      rawData: {
        contract: [
          packContract(ContractType.TransferContract, {
            ownerAddress: GENESIS_OWNER,
            toAddress: a.address,
            amount: a.balance,
          }),
        ],
      },
    }),
  );
  for (const a of config.accounts) {
    if (!isValidAddress(a.address))
      throw new TronodeError("INVALID_GENESIS", "genesis account address is invalid");
    // java-tron's initAccount gives genesis accounts no permission fields; the dev chain deliberately
    // gives them the same default owner/active permissions as any new account (issue #4: "genesis and
    // admin-created accounts follow the same rule"), so Permission_id 2 works on development accounts.
    const account =
      rules === "java-tron"
        ? create(AccountSchema, { address: a.address, balance: a.balance })
        : newAccount({ address: a.address, createTime: 0n, props, balance: a.balance });
    if (a.name) account.accountName = utf8Encode(a.name);
    if (a.name === "Blackhole") {
      props.setBytes("BLACKHOLE_ADDRESS", a.address);
      // Manager.init's resetBlackholeAccountPermission: an owner permission only the zero address
      // holds, no active permission — nobody can sign for the fee sink
      account.ownerPermission = defaultOwnerPermission(zeroAddress());
      account.activePermission = [];
    }
    state.put(CoreTables.accounts, a.address, account);
    // Manager.initAccount also indexes the name (account-index), so it cannot be taken later, and
    // the account id (account-id-index): genesis accounts have none, so every one writes the empty
    // id and the last asset keeps it — getaccountbyid with an empty id answers that account.
    if (a.name) state.put(CoreTables.accountNameIndex, utf8Encode(a.name), a.address);
    state.put(CoreTables.accountIdIndex, new Uint8Array(0), a.address);
  }
  for (const w of config.witnesses) {
    if (!isValidAddress(w.address))
      throw new TronodeError("INVALID_GENESIS", "genesis witness address is invalid");
    const existing = state.get(CoreTables.accounts, w.address);
    // Manager.initWitness: a missing witness account is an AssetIssue-type account with balance 0.
    const account =
      existing ??
      (rules === "java-tron"
        ? create(AccountSchema, { address: w.address, type: AccountType.AssetIssue })
        : newAccount({ address: w.address, type: AccountType.AssetIssue, createTime: 0n, props }));
    account.isWitness = true;
    state.put(CoreTables.accounts, w.address, account);
    state.put(
      CoreTables.witnesses,
      w.address,
      create(WitnessSchema, { address: w.address, voteCount: w.voteCount, url: w.url, isJobs: true }),
    );
  }

  const witnesses = config.witnesses.map((w) => state.get(CoreTables.witnesses, w.address)!);
  props.setBytes("ACTIVE_WITNESSES", packAddresses(activeWitnessAddresses(witnesses)));
  props.setBytes(WITNESS_LIST, packAddresses(config.witnesses.map((w) => w.address)));
  props.setBytes(GENESIS_WITNESS_LIST, packAddresses(config.witnesses.map((w) => w.address)));
  props.setBytes(GENESIS_WITNESS_VOTES, packWitnessVotes(config.witnesses));

  const block = create(BlockSchema, {
    transactions,
    blockHeader: {
      rawData: {
        number: 0n,
        timestamp: config.timestamp,
        parentHash: config.parentHash,
        txTrieRoot: transactionTrieRoot(transactions),
        witnessAddress: utf8Encode(GENESIS_WITNESS_SENTENCE),
      },
    },
  });
  const id = blockId(block);
  state.put(CoreTables.blocks, 0n, block);
  state.put(CoreTables.blockIndex, id, 0n);
  const ref = blockReference(0n, id);
  state.put(CoreTables.recentBlocks, ref.refBlockBytes, ref.refBlockHash);
  props.set("GENESIS_TIMESTAMP", config.timestamp);
  props.set("LATEST_BLOCK_HEADER_NUMBER", 0n);
  props.set("LATEST_BLOCK_HEADER_TIMESTAMP", config.timestamp);
  props.setBytes("LATEST_BLOCK_HEADER_HASH", id);
  props.setBytes("GENESIS_BLOCK_ID", id);
  props.set("LATEST_SOLIDIFIED_BLOCK_NUM", 0n);
  props.set("NEXT_MAINTENANCE_TIME", config.timestamp);
  props.set("STATE_FLAG", 0n);
  // Price histories start as "0:<price at genesis>"; proposals append ",<time>:<price>".
  props.setBytes("BANDWIDTH_PRICE_HISTORY", utf8Encode(`0:${props.get("TRANSACTION_FEE")}`));
  props.setBytes("ENERGY_PRICE_HISTORY", utf8Encode(`0:${props.get("ENERGY_FEE")}`));
  props.setBytes("MEMO_FEE_HISTORY", utf8Encode(`0:${props.get("MEMO_FEE")}`));
  return { block, blockId: id, changes: state.changes() };
}
