/**
 * Proposals end to end in the engine: the three actuators' checks with java-tron's texts, the
 * expiration time, and the decision at the maintenance that reaches it (70 % of the active
 * witnesses in integer arithmetic), with the approved parameters' effects from then on.
 */
import { describe, expect, it } from "vitest";
import {
  addressOfPrivateKey,
  bytesToHex,
  ChainProperties,
  type ChainSettings,
  ContractType,
  type MemoryState,
  operationAllowed,
  Proposal_State,
  produceBlock,
  scheduledWitness,
  slotTime,
  Tables,
  type Transaction,
  utf8Decode,
  utf8Encode,
} from "../../src/internal.js";
import { genesisConfig, key, recoverer, WITNESS, WITNESS_KEY } from "../support/chain-fixture.js";
import { balance, chainFrom, prop, pushError, tx } from "../support/tx-helpers.js";

const KEYS = [key(11), key(12), key(13)];
const [W1, W2, W3] = KEYS.map(addressOfPrivateKey) as [Uint8Array, Uint8Array, Uint8Array];
const ALL_KEYS = [...KEYS, WITNESS_KEY, key(2)];
const keyOf = (address: Uint8Array) =>
  ALL_KEYS.find((k) => bytesToHex(addressOfPrivateKey(k)) === bytesToHex(address))!;
const INTERVAL = 30_000n; // a maintenance every 10 slots
const SETTINGS: ChainSettings = { proposalExpireTime: 60_000n };
const TRX = 1_000_000n;
const hex = bytesToHex;

function threeWitnesses(parameters: Record<string, bigint> = {}): MemoryState {
  const base = genesisConfig({ MAINTENANCE_TIME_INTERVAL: INTERVAL, ...parameters });
  return chainFrom({
    ...base,
    accounts: [...base.accounts, ...[W1, W2, W3].map((address) => ({ address, balance: 100_000n * TRX }))],
    witnesses: [
      { address: W1, url: "w1", voteCount: 30n },
      { address: W2, url: "w2", voteCount: 20n },
      { address: W3, url: "w3", voteCount: 10n },
    ],
  });
}

/** The next block, by the witness scheduled for it, with `transactions`. */
function next(state: MemoryState, transactions: Transaction[] = []) {
  const props = new ChainProperties(state);
  const produced = produceBlock(state, {
    timestamp: slotTime(props, 1n),
    witnessPrivateKey: keyOf(scheduledWitness(props, 1n)!),
    transactions,
    recoverer,
    settings: SETTINGS,
  });
  expect(produced.rejected.map((r) => r.error.message)).toEqual([]);
  state.apply(produced.changes);
  return produced;
}

function propose(state: MemoryState, owner: Uint8Array, parameters: Record<string, bigint>) {
  return tx(state, ContractType.ProposalCreateContract, { ownerAddress: owner, parameters }, [keyOf(owner)]);
}

function approve(state: MemoryState, owner: Uint8Array, proposalId: bigint, isAddApproval = true) {
  return tx(state, ContractType.ProposalApproveContract, { ownerAddress: owner, proposalId, isAddApproval }, [
    keyOf(owner),
  ]);
}

function cancel(state: MemoryState, owner: Uint8Array, proposalId: bigint) {
  return tx(state, ContractType.ProposalDeleteContract, { ownerAddress: owner, proposalId }, [keyOf(owner)]);
}

const proposal = (state: MemoryState, id: bigint) => state.get(Tables.proposals, id)!.message;

/** Produces blocks until the proposal's expiration has been crossed by a maintenance. */
function untilDecided(state: MemoryState, id: bigint): number {
  let blocks = 0;
  while (proposal(state, id).state === Proposal_State.PENDING && blocks < 100) {
    next(state);
    blocks++;
  }
  return blocks;
}

describe("ProposalCreate", () => {
  it("stores a pending proposal expiring at the first maintenance after create time + proposalExpireTime", () => {
    const state = threeWitnesses();
    next(state);
    next(state);
    const createTime = prop(state, "LATEST_BLOCK_HEADER_TIMESTAMP");
    const nextMaintenance = prop(state, "NEXT_MAINTENANCE_TIME");
    next(state, [propose(state, W1, { 3: 20n })]);
    const p = proposal(state, 1n);
    expect(prop(state, "LATEST_PROPOSAL_NUM")).toBe(1n);
    expect(p.proposalId).toBe(1n);
    expect(hex(p.proposerAddress)).toBe(hex(W1));
    expect(p.createTime).toBe(createTime);
    const round = (createTime + 60_000n - nextMaintenance) / INTERVAL;
    expect(p.expirationTime).toBe(nextMaintenance + (round + 1n) * INTERVAL);
    expect(p.expirationTime).toBeGreaterThanOrEqual(createTime + 60_000n);
    expect(p.state).toBe(Proposal_State.PENDING);
    expect(p.approvals).toEqual([]);
  });

  it("uses java-tron's 3-day lifetime when no settings are given", () => {
    const state = threeWitnesses();
    next(state);
    const props = new ChainProperties(state);
    const produced = produceBlock(state, {
      timestamp: slotTime(props, 1n),
      witnessPrivateKey: keyOf(scheduledWitness(props, 1n)!),
      transactions: [propose(state, W1, { 3: 20n })],
      recoverer,
    });
    state.apply(produced.changes);
    const p = proposal(state, 1n);
    expect(p.expirationTime - p.createTime).toBeGreaterThanOrEqual(259_200_000n);
    expect(p.expirationTime - p.createTime).toBeLessThan(259_200_000n + INTERVAL);
  });

  it("is refused over the broadcast path with java-tron's wrapped text", () => {
    const state = threeWitnesses();
    expect(pushError(state, propose(state, W1, {}))).toEqual([
      "CONTRACT_VALIDATE_ERROR",
      "Contract validate error : This proposal has no parameter.",
    ]);
    expect(pushError(state, propose(state, W2, { 0: 1n }))).toEqual([
      "CONTRACT_VALIDATE_ERROR",
      "Contract validate error : Bad chain parameter value, valid range is [3 * 27 * 1000,24 * 3600 * 1000]",
    ]);
    // an account without a witness (the signature check passes: it is the owner's key)
    const alice = addressOfPrivateKey(key(2));
    expect(pushError(state, propose(state, alice, { 3: 1n }))).toEqual([
      "CONTRACT_VALIDATE_ERROR",
      `Contract validate error : Witness[${hex(alice)}] not exists`,
    ]);
  });
});

describe("ProposalApprove and ProposalDelete checks", () => {
  function withProposal() {
    const state = threeWitnesses();
    next(state, [propose(state, W1, { 3: 20n })]);
    return state;
  }

  it("approve: witness, id, expiry, cancel and double-approval checks", () => {
    const state = withProposal();
    const alice = addressOfPrivateKey(key(2));
    expect(pushError(state, approve(state, alice, 1n))).toEqual([
      "CONTRACT_VALIDATE_ERROR",
      `Contract validate error : Witness[${hex(alice)}] not exists`,
    ]);
    expect(pushError(state, approve(state, W2, 2n))).toEqual([
      "CONTRACT_VALIDATE_ERROR",
      "Contract validate error : Proposal[2] not exists",
    ]);
    expect(pushError(state, approve(state, W2, 1n, false))).toEqual([
      "CONTRACT_VALIDATE_ERROR",
      `Contract validate error : Witness[${hex(W2)}]has not approved proposal[1] before`,
    ]);
    next(state, [approve(state, W2, 1n)]);
    expect(proposal(state, 1n).approvals.map(hex)).toEqual([hex(W2)]);
    expect(pushError(state, approve(state, W2, 1n))).toEqual([
      "CONTRACT_VALIDATE_ERROR",
      `Contract validate error : Witness[${hex(W2)}]has approved proposal[1] before`,
    ]);
    // the proposer may approve its own proposal; a withdrawn approval is removed
    next(state, [approve(state, W1, 1n)]);
    next(state, [approve(state, W2, 1n, false)]);
    expect(proposal(state, 1n).approvals.map(hex)).toEqual([hex(W1)]);
  });

  it("delete: only the proposer, not after expiry, not twice", () => {
    const state = withProposal();
    const alice = addressOfPrivateKey(key(2));
    expect(pushError(state, cancel(state, W2, 1n))).toEqual([
      "CONTRACT_VALIDATE_ERROR",
      `Contract validate error : Proposal[1] is not proposed by ${hex(W2)}`,
    ]);
    // no witness check: an ordinary account reaches the proposer check
    expect(pushError(state, cancel(state, alice, 1n))).toEqual([
      "CONTRACT_VALIDATE_ERROR",
      `Contract validate error : Proposal[1] is not proposed by ${hex(alice)}`,
    ]);
    expect(pushError(state, cancel(state, W1, 7n))).toEqual([
      "CONTRACT_VALIDATE_ERROR",
      "Contract validate error : Proposal[7] not exists",
    ]);
    next(state, [cancel(state, W1, 1n)]);
    expect(proposal(state, 1n).state).toBe(Proposal_State.CANCELED);
    expect(pushError(state, cancel(state, W1, 1n))).toEqual([
      "CONTRACT_VALIDATE_ERROR",
      "Contract validate error : Proposal[1] canceled",
    ]);
    expect(pushError(state, approve(state, W2, 1n))).toEqual([
      "CONTRACT_VALIDATE_ERROR",
      "Contract validate error : Proposal[1] canceled",
    ]);
  });

  it("refuses approving or deleting once the head reaches the expiration", () => {
    const state = withProposal();
    const expiration = proposal(state, 1n).expirationTime;
    while (prop(state, "LATEST_BLOCK_HEADER_TIMESTAMP") < expiration) next(state);
    expect(pushError(state, approve(state, W2, 1n))).toEqual([
      "CONTRACT_VALIDATE_ERROR",
      "Contract validate error : Proposal[1] expired",
    ]);
    expect(pushError(state, cancel(state, W1, 1n))).toEqual([
      "CONTRACT_VALIDATE_ERROR",
      "Contract validate error : Proposal[1] expired",
    ]);
  });
});

describe("the decision at maintenance", () => {
  it("approves with 2 of 3 active witnesses and applies the parameters at that maintenance", () => {
    const state = threeWitnesses();
    next(state, [propose(state, W1, { 11: 200n, 3: 20n })]);
    next(state, [approve(state, W2, 1n), approve(state, W3, 1n)]);
    const expiration = proposal(state, 1n).expirationTime;
    let lastPending = 0n;
    while (proposal(state, 1n).state === Proposal_State.PENDING) {
      expect(prop(state, "TRANSACTION_FEE")).toBe(10n);
      lastPending = prop(state, "LATEST_BLOCK_HEADER_TIMESTAMP");
      next(state);
    }
    const decidedAt = prop(state, "LATEST_BLOCK_HEADER_TIMESTAMP");
    // decided by the first block at or after the expiration (a maintenance block)
    expect(lastPending).toBeLessThan(expiration);
    expect(decidedAt).toBeGreaterThanOrEqual(expiration);
    expect(prop(state, "STATE_FLAG")).toBe(1n);
    expect(proposal(state, 1n).state).toBe(Proposal_State.APPROVED);
    expect(prop(state, "TRANSACTION_FEE")).toBe(20n);
    expect(prop(state, "ENERGY_FEE")).toBe(200n);
    const props = new ChainProperties(state);
    expect(utf8Decode(props.getBytes("BANDWIDTH_PRICE_HISTORY"))).toBe(`0:10,${expiration}:20`);
    expect(utf8Decode(props.getBytes("ENERGY_PRICE_HISTORY"))).toBe(`0:100,${expiration}:200`);
  });

  it("disapproves with 1 of 3, and leaves the parameters alone", () => {
    const state = threeWitnesses();
    next(state, [propose(state, W1, { 3: 20n })]);
    next(state, [approve(state, W1, 1n)]);
    untilDecided(state, 1n);
    expect(proposal(state, 1n).state).toBe(Proposal_State.DISAPPROVED);
    expect(prop(state, "TRANSACTION_FEE")).toBe(10n);
  });

  it("counts only approvals of active witnesses", () => {
    const state = threeWitnesses();
    // Alice becomes a witness after genesis: not active until a maintenance re-ranks with votes.
    const aliceKey = key(2);
    const alice = addressOfPrivateKey(aliceKey);
    next(state, [
      tx(
        state,
        ContractType.TransferContract,
        { ownerAddress: WITNESS, toAddress: alice, amount: 20_000n * TRX },
        [WITNESS_KEY],
      ),
    ]);
    next(state, [
      tx(
        state,
        ContractType.WitnessCreateContract,
        { ownerAddress: alice, url: utf8Encode("https://alice.example") },
        [aliceKey],
      ),
    ]);
    next(state, [propose(state, W1, { 3: 20n })]);
    next(state, [
      tx(
        state,
        ContractType.ProposalApproveContract,
        { ownerAddress: alice, proposalId: 1n, isAddApproval: true },
        [aliceKey],
      ),
      approve(state, W2, 1n),
    ]);
    expect(proposal(state, 1n).approvals.length).toBe(2);
    untilDecided(state, 1n);
    expect(proposal(state, 1n).state).toBe(Proposal_State.DISAPPROVED);
  });

  it("passes on a single-witness chain with no approval at all (⌊1·7/10⌋ = 0)", () => {
    const state = chainFrom(genesisConfig({ MAINTENANCE_TIME_INTERVAL: INTERVAL }));
    const produceOne = (txs: Transaction[] = []) => {
      const props = new ChainProperties(state);
      const produced = produceBlock(state, {
        timestamp: slotTime(props, 1n),
        witnessPrivateKey: WITNESS_KEY,
        transactions: txs,
        recoverer,
        settings: SETTINGS,
      });
      state.apply(produced.changes);
    };
    produceOne([propose(state, WITNESS, { 2: 5n })]);
    while (proposal(state, 1n).state === Proposal_State.PENDING) produceOne();
    expect(proposal(state, 1n).state).toBe(Proposal_State.APPROVED);
    expect(prop(state, "CREATE_ACCOUNT_FEE")).toBe(5n);
  });

  it("skips canceled proposals and decides the others", () => {
    const state = threeWitnesses();
    next(state, [propose(state, W1, { 3: 20n }), propose(state, W2, { 2: 7n })]);
    next(state, [cancel(state, W1, 1n), approve(state, W1, 2n), approve(state, W3, 2n)]);
    untilDecided(state, 2n);
    expect(proposal(state, 1n).state).toBe(Proposal_State.CANCELED);
    expect(proposal(state, 2n).state).toBe(Proposal_State.APPROVED);
    expect(prop(state, "TRANSACTION_FEE")).toBe(10n);
    expect(prop(state, "CREATE_ACCOUNT_FEE")).toBe(7n);
  });

  it("charges the new fee from the next transaction on", () => {
    const state = threeWitnesses({ ALLOW_BLACKHOLE_OPTIMIZATION: 1n });
    next(state, [propose(state, W1, { 2: 5_000_000n })]);
    next(state, [approve(state, W2, 1n), approve(state, W3, 1n)]);
    untilDecided(state, 1n);
    // a transfer to a new address pays CREATE_ACCOUNT_FEE (no staked bandwidth)
    const fresh = addressOfPrivateKey(key(99));
    const before = balance(state, W1);
    const burnedBefore = prop(state, "BURN_TRX_AMOUNT");
    next(state, [
      tx(state, ContractType.TransferContract, { ownerAddress: W1, toAddress: fresh, amount: 1n }, [
        KEYS[0]!,
      ]),
    ]);
    expect(before - balance(state, W1)).toBe(5_000_000n + 1n);
    expect(prop(state, "BURN_TRX_AMOUNT") - burnedBefore).toBe(5_000_000n);
  });

  it("switches features on with java-tron's side effects", () => {
    const state = threeWitnesses({ ALLOW_CHANGE_DELEGATION: 1n });
    next(state, [propose(state, W1, { 44: 1n, 21: 1n, 59: 1n, 10: 1n })]);
    next(state, [approve(state, W2, 1n), approve(state, W3, 1n)]);
    const cycleBefore = prop(state, "CURRENT_CYCLE_NUMBER");
    untilDecided(state, 1n);
    const props = new ChainProperties(state);
    // ALLOW_MARKET_TRANSACTION adds the market contract types
    expect(prop(state, "ALLOW_MARKET_TRANSACTION")).toBe(1n);
    for (const t of [52, 53]) {
      expect(operationAllowed(props.getBytes("AVAILABLE_CONTRACT_TYPE"), t)).toBe(true);
      expect(operationAllowed(props.getBytes("ACTIVE_DEFAULT_OPERATIONS"), t)).toBe(true);
    }
    // ALLOW_ADAPTIVE_ENERGY: target ratio 2880, target = limit/2880, multiplier 50
    expect(prop(state, "ALLOW_ADAPTIVE_ENERGY")).toBe(1n);
    expect(prop(state, "ADAPTIVE_RESOURCE_LIMIT_TARGET_RATIO")).toBe(2880n);
    expect(prop(state, "TOTAL_ENERGY_TARGET_LIMIT")).toBe(50_000_000_000n / 2880n);
    expect(prop(state, "ADAPTIVE_RESOURCE_LIMIT_MULTIPLIER")).toBe(50n);
    // ALLOW_TVM_VOTE: Vi rewards from the cycle after the one it was approved in
    expect(prop(state, "ALLOW_TVM_VOTE")).toBe(1n);
    expect(prop(state, "NEW_REWARD_ALGORITHM_EFFECTIVE_CYCLE")).toBeGreaterThan(cycleBefore);
    // REMOVE_THE_POWER_OF_THE_GR: the same maintenance takes the genesis votes away
    expect(prop(state, "REMOVE_THE_POWER_OF_THE_GR")).toBe(-1n);
    for (const w of [W1, W2, W3]) expect(state.get(Tables.witnesses, w)!.voteCount).toBe(0n);
    // and it cannot be proposed again
    expect(pushError(state, propose(state, W1, { 10: 1n }))).toEqual([
      "CONTRACT_VALIDATE_ERROR",
      "Contract validate error : This proposal has been executed before and is only allowed to be executed once",
    ]);
  });

  it("applies a new maintenance interval to the very maintenance that approves it", () => {
    const state = threeWitnesses();
    next(state, [propose(state, W1, { 0: 90_000n })]);
    next(state, [approve(state, W2, 1n), approve(state, W3, 1n)]);
    untilDecided(state, 1n);
    const decidedAt = prop(state, "LATEST_BLOCK_HEADER_TIMESTAMP");
    expect(prop(state, "MAINTENANCE_TIME_INTERVAL")).toBe(90_000n);
    const nextMaintenance = prop(state, "NEXT_MAINTENANCE_TIME");
    expect(nextMaintenance - decidedAt).toBeGreaterThan(30_000n);
    expect(nextMaintenance - decidedAt).toBeLessThanOrEqual(90_000n);
  });
});
