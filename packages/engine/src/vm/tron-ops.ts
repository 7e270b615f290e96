import { accountResourceOf } from "../accounts/account-resources.js";
import { ResourceCode } from "../protocol/generated/protocol/common_pb.js";
import { delegatedResourceKeyV1 } from "../resources/delegation.js";
import { ResourceTables } from "../resources/tables.js";
import { ContractTables } from "../state/contract-tables.js";
import { CoreTables } from "../state/core-tables.js";
import { sameBytes } from "./calls.js";
import type { VmConfig } from "./config.js";
import { Energy } from "./energy-cost.js";
import { bytecodeExecution, staticCallModification, transferException } from "./errors.js";
import { addInternalTx } from "./internal-transactions.js";
import { Op } from "./opcodes.js";
import type { OperationSpec } from "./operations.js";
import { voteWitnessCost } from "./operations.js";
import { cancelAllUnfreezeV2Processor } from "./processors/cancel-all-unfreeze-v2.js";
import { delegateResourceProcessor } from "./processors/delegate-resource.js";
import { freezeBalanceProcessor } from "./processors/freeze-balance.js";
import { freezeBalanceV2Processor } from "./processors/freeze-balance-v2.js";
import { runVmProcessor, UNRECOGNIZED_RESOURCE } from "./processors/processor.js";
import { unDelegateResourceProcessor } from "./processors/undelegate-resource.js";
import { unfreezeBalanceProcessor } from "./processors/unfreeze-balance.js";
import { unfreezeBalanceV2Processor } from "./processors/unfreeze-balance-v2.js";
import { voteWitnessExtra, voteWitnessProcessor } from "./processors/vote-witness.js";
import { withdrawExpireUnfreezeProcessor } from "./processors/withdraw-expire-unfreeze.js";
import { withdrawRewardProcessor } from "./processors/withdraw-reward.js";
import type { Program } from "./program.js";
import { intValueSafe, toTronAddress, wordOfLong } from "./word.js";

const LONG_MAX = (1n << 63n) - 1n;
const LONG_MIN = -(1n << 63n);
const MIN_TOKEN_ID = 1_000_000n;

/** The TRON opcodes 0xd1–0xdf (CALLTOKEN 0xd0 is a CALL variant, in operations.ts). */
export function tronOperations(): OperationSpec[] {
  const trc10 = (c: VmConfig) => c.allowTvmTransferTrc10;
  const freeze = (c: VmConfig) => c.allowTvmFreeze;
  const vote = (c: VmConfig) => c.allowTvmVote;
  const freezeV2 = (c: VmConfig) => c.allowTvmFreezeV2;
  const row = (
    opcode: number,
    require: number,
    ret: number,
    cost: OperationSpec["cost"],
    action: (p: Program) => void,
    enabled: (c: VmConfig) => boolean,
  ): OperationSpec => ({ opcode, require, ret, cost, action, enabled });
  return [
    row(Op.TOKENBALANCE, 2, 1, Energy.BALANCE, tokenBalance, trc10),
    row(Op.CALLTOKENVALUE, 0, 1, Energy.BASE, (p) => pushAndStep(p, p.invoke.tokenValue), trc10),
    row(Op.CALLTOKENID, 0, 1, Energy.BASE, (p) => pushAndStep(p, p.invoke.tokenId), trc10),
    row(
      Op.ISCONTRACT,
      1,
      1,
      Energy.BALANCE,
      (p) => {
        const address = toTronAddress(p.pop());
        pushAndStep(p, p.state.get(ContractTables.contracts, address) !== undefined ? 1n : 0n);
      },
      (c) => c.allowTvmSolidity059,
    ),
    row(Op.FREEZE, 3, 1, freezeCost, freezeAction, freeze),
    row(Op.UNFREEZE, 2, 1, Energy.UNFREEZE, unfreezeAction, freeze),
    row(Op.FREEZEEXPIRETIME, 2, 1, Energy.FREEZE_EXPIRE_TIME, freezeExpireTimeAction, freeze),
    row(Op.VOTEWITNESS, 4, 1, (p) => voteWitnessCost(p, false), voteWitnessAction, vote),
    row(Op.WITHDRAWREWARD, 0, 1, Energy.WITHDRAW_REWARD, withdrawRewardAction, vote),
    row(Op.FREEZEBALANCEV2, 2, 1, Energy.FREEZE_V2, freezeBalanceV2Action, freezeV2),
    row(Op.UNFREEZEBALANCEV2, 2, 1, Energy.UNFREEZE_V2, unfreezeBalanceV2Action, freezeV2),
    row(
      Op.WITHDRAWEXPIREUNFREEZE,
      0,
      1,
      Energy.WITHDRAW_EXPIRE_UNFREEZE,
      withdrawExpireUnfreezeAction,
      freezeV2,
    ),
    row(Op.CANCELALLUNFREEZEV2, 0, 1, Energy.CANCEL_ALL_UNFREEZE_V2, cancelAllUnfreezeV2Action, freezeV2),
    row(Op.DELEGATERESOURCE, 3, 1, Energy.DELEGATE_RESOURCE, (p) => delegateAction(p, true), freezeV2),
    row(Op.UNDELEGATERESOURCE, 3, 1, Energy.UN_DELEGATE_RESOURCE, (p) => delegateAction(p, false), freezeV2),
  ];
}

function pushAndStep(p: Program, value: bigint): void {
  p.push(value);
  p.step();
}

/** Program.getTokenBalance with checkTokenIdInTokenBalance (multi-sign on). */
function tokenBalance(p: Program): void {
  const tokenId = p.pop();
  const address = p.pop();
  if (p.tx.config.allowMultiSign) {
    const signed = BigInt.asIntN(256, tokenId);
    if (signed > LONG_MAX || signed < LONG_MIN) {
      if (p.tx.config.allowTvmConstantinople)
        throw transferException("validateForSmartContract failure:not valid token id");
      throw bytecodeExecution("BigInteger out of long range");
    }
    if (signed <= MIN_TOKEN_ID)
      throw bytecodeExecution("validateForSmartContract failure:not valid token id");
  }
  const id = BigInt.asIntN(64, tokenId).toString();
  pushAndStep(p, wordOfLong(p.tx.host.tokens.balance(p.state, toTronAddress(address), id)));
}

function freezeCost(p: Program): number {
  const receiver = toTronAddress(p.peek(2));
  return p.state.get(CoreTables.accounts, receiver) === undefined
    ? Energy.FREEZE + Energy.NEW_ACCT_CALL
    : Energy.FREEZE;
}

const RESOURCE_NAMES = ["Bandwidth", "Energy", "TronPower"];

/** Program.convertResourceToString over the word's intValue. */
function resourceName(word: bigint): string {
  return RESOURCE_NAMES[Number(BigInt.asIntN(32, word))] ?? "UnknownType";
}

/** Program.parseResourceCode (Stake 1.0): the word's intValue 0 or 1, else UNRECOGNIZED. */
function resourceCodeV1(word: bigint): ResourceCode {
  const v = Number(BigInt.asIntN(32, word));
  return v === 0 ? ResourceCode.BANDWIDTH : v === 1 ? ResourceCode.ENERGY : UNRECOGNIZED_RESOURCE;
}

/** Program.parseResourceCodeV2: the signed word as an exact byte 0–2, else UNRECOGNIZED. */
function resourceCodeV2(word: bigint): ResourceCode {
  const v = BigInt.asIntN(256, word);
  if (v === 0n) return ResourceCode.BANDWIDTH;
  if (v === 1n) return ResourceCode.ENERGY;
  if (v === 2n) return ResourceCode.TRON_POWER;
  return UNRECOGNIZED_RESOURCE;
}

/** `sValue().longValueExact()`, or undefined when the signed word does not fit a long. */
function exactLong(word: bigint): bigint | undefined {
  const v = BigInt.asIntN(256, word);
  return v > LONG_MAX || v < LONG_MIN ? undefined : v;
}

function staticGuard(p: Program): void {
  if (p.invoke.isStatic) throw staticCallModification();
}

/** Program.freeze (FreezeBalanceProcessor); the duration is the chain's MIN_FROZEN_TIME days. */
function freezeAction(p: Program): void {
  if (p.tx.config.allowTvmVote) staticGuard(p);
  const resourceType = p.pop();
  const frozenBalance = p.pop();
  const receiverWord = p.pop();
  if (p.tx.config.allowTvmFreezeV2) {
    pushAndStep(p, 0n);
    return;
  }
  const owner = p.invoke.address;
  const receiver = toTronAddress(receiverWord);
  p.tx.nonce++;
  const note = `freezeFor${resourceName(resourceType)}`;
  const internal = addInternalTx(p, owner, receiver, BigInt.asIntN(64, frozenBalance), undefined, note);
  const amount = exactLong(frozenBalance);
  const outcome = runVmProcessor(
    p,
    freezeBalanceProcessor,
    amount === undefined
      ? undefined
      : {
          owner,
          receiver,
          frozenBalance: amount,
          frozenDuration: p.props.get("MIN_FROZEN_TIME"),
          resource: resourceCodeV1(resourceType),
        },
  );
  if (!outcome.ok) internal.rejected = true;
  pushAndStep(p, outcome.ok ? 1n : 0n);
}

/** Program.unfreeze (UnfreezeBalanceProcessor): the internal transaction carries the amount returned. */
function unfreezeAction(p: Program): void {
  if (p.tx.config.allowTvmVote) staticGuard(p);
  const resourceType = p.pop();
  const receiverWord = p.pop();
  const owner = p.invoke.address;
  const receiver = toTronAddress(receiverWord);
  p.tx.nonce++;
  const note = `unfreezeFor${resourceName(resourceType)}`;
  const internal = addInternalTx(p, owner, receiver, 0n, undefined, note);
  const outcome = runVmProcessor(p, unfreezeBalanceProcessor, {
    owner,
    receiver,
    resource: resourceCodeV1(resourceType),
  });
  if (outcome.ok) internal.value = outcome.result;
  else internal.rejected = true;
  pushAndStep(p, outcome.ok ? 1n : 0n);
}

/** Program.freezeExpireTime: the own or delegated V1 freeze expiry, in seconds (0 when none). */
function freezeExpireTimeAction(p: Program): void {
  const resourceType = p.pop();
  const target = toTronAddress(p.pop());
  const owner = p.invoke.address;
  const code = Number(BigInt.asIntN(32, resourceType));
  let expire = 0n;
  if (sameBytes(owner, target)) {
    const account = p.state.get(CoreTables.accounts, owner);
    if (account) {
      if (code === 0 && account.frozen.length > 0 && account.frozen[0]!.frozenBalance !== 0n) {
        expire = account.frozen[0]!.expireTime;
      } else if (code === 1) {
        const f = accountResourceOf(account).frozenBalanceForEnergy;
        if (f && f.frozenBalance !== 0n) expire = f.expireTime;
      }
    }
  } else {
    const record = p.state.get(ResourceTables.delegatedResources, delegatedResourceKeyV1(owner, target));
    if (record) {
      if (code === 0 && record.frozenBalanceForBandwidth !== 0n) expire = record.expireTimeForBandwidth;
      else if (code === 1 && record.frozenBalanceForEnergy !== 0n) expire = record.expireTimeForEnergy;
    }
  }
  pushAndStep(p, wordOfLong(expire / 1000n));
}

/**
 * Program.voteWitness: two memory arrays (length word first) of witnesses and vote counts. Lengths
 * that disagree with the arrays fail the frame; arrays of different lengths push 0 without
 * rejecting the internal transaction (as java-tron returns before it rejects).
 */
function voteWitnessAction(p: Program): void {
  staticGuard(p);
  const amountLength = intValueSafe(p.pop());
  const amountOffset = intValueSafe(p.pop());
  const witnessLength = intValueSafe(p.pop());
  const witnessOffset = intValueSafe(p.pop());
  const owner = p.invoke.address;
  p.tx.nonce++;
  const internal = addInternalTx(p, owner, undefined, 0n, undefined, "voteWitness");
  if (
    intValueSafe(p.memory.readWord(witnessOffset)) !== witnessLength ||
    intValueSafe(p.memory.readWord(amountOffset)) !== amountLength
  ) {
    throw bytecodeExecution("TVM VoteWitness: memory array length do not match length parameter!");
  }
  if (witnessLength !== amountLength) {
    pushAndStep(p, 0n);
    return;
  }
  const INT_MAX = 0x7fffffff;
  const votes = [];
  let inRange =
    witnessOffset + 32 <= INT_MAX && amountOffset + 32 <= INT_MAX && witnessLength * 32 <= INT_MAX;
  if (inRange) {
    const witnesses = p.memory.read(witnessOffset + 32, witnessLength * 32);
    const amounts = p.memory.read(amountOffset + 32, amountLength * 32);
    for (let i = 0; i < witnessLength; i++) {
      const count = exactLong(wordAt(amounts, i * 32));
      if (count === undefined) {
        inRange = false;
        break;
      }
      votes.push({ voteAddress: toTronAddress(wordAt(witnesses, i * 32)), voteCount: count });
    }
  }
  const param = inRange ? { voter: owner, votes } : undefined;
  if (param) internal.extra = voteWitnessExtra(param);
  const outcome = runVmProcessor(p, voteWitnessProcessor, param);
  if (!outcome.ok) internal.rejected = true;
  pushAndStep(p, outcome.ok ? 1n : 0n);
}

function wordAt(bytes: Uint8Array, offset: number): bigint {
  let v = 0n;
  for (let i = 0; i < 32; i++) v = (v << 8n) | BigInt(bytes[offset + i]!);
  return v;
}

/** Program.withdrawReward (WithdrawRewardProcessor): the allowance moved into the balance. */
function withdrawRewardAction(p: Program): void {
  staticGuard(p);
  const owner = p.invoke.address;
  p.tx.nonce++;
  const internal = addInternalTx(p, owner, owner, 0n, undefined, "withdrawReward");
  const outcome = runVmProcessor(p, withdrawRewardProcessor, {
    owner,
    nowInMs: p.tx.block.timestamp * 1000n,
  });
  if (outcome.ok) internal.value = outcome.result;
  else internal.rejected = true;
  pushAndStep(p, wordOfLong(outcome.ok ? outcome.result : 0n));
}

function freezeBalanceV2Action(p: Program): void {
  staticGuard(p);
  const resourceType = p.pop();
  const frozenBalance = p.pop();
  const owner = p.invoke.address;
  p.tx.nonce++;
  const note = `freezeBalanceV2For${resourceName(resourceType)}`;
  const internal = addInternalTx(p, owner, owner, BigInt.asIntN(64, frozenBalance), undefined, note);
  const amount = exactLong(frozenBalance);
  const outcome = runVmProcessor(
    p,
    freezeBalanceV2Processor,
    amount === undefined
      ? undefined
      : { owner, frozenBalance: amount, resource: resourceCodeV2(resourceType) },
  );
  if (!outcome.ok) internal.rejected = true;
  pushAndStep(p, outcome.ok ? 1n : 0n);
}

function unfreezeBalanceV2Action(p: Program): void {
  staticGuard(p);
  const resourceType = p.pop();
  const unfreezeBalance = p.pop();
  const owner = p.invoke.address;
  p.tx.nonce++;
  const note = `unfreezeBalanceV2For${resourceName(resourceType)}`;
  const internal = addInternalTx(p, owner, owner, BigInt.asIntN(64, unfreezeBalance), undefined, note);
  const amount = exactLong(unfreezeBalance);
  const outcome = runVmProcessor(
    p,
    unfreezeBalanceV2Processor,
    amount === undefined
      ? undefined
      : { owner, unfreezeBalance: amount, resource: resourceCodeV2(resourceType) },
  );
  if (!outcome.ok) {
    internal.rejected = true;
  } else if (outcome.result > 0n) {
    p.tx.nonce++;
    addInternalTx(p, owner, owner, outcome.result, undefined, "withdrawExpireUnfreezeWhileUnfreezing");
  }
  pushAndStep(p, outcome.ok ? 1n : 0n);
}

function withdrawExpireUnfreezeAction(p: Program): void {
  staticGuard(p);
  const owner = p.invoke.address;
  p.tx.nonce++;
  const internal = addInternalTx(p, owner, owner, 0n, undefined, "withdrawExpireUnfreeze");
  const outcome = runVmProcessor(p, withdrawExpireUnfreezeProcessor, { owner });
  if (outcome.ok) internal.value = outcome.result;
  else internal.rejected = true;
  pushAndStep(p, wordOfLong(outcome.ok ? outcome.result : 0n));
}

function cancelAllUnfreezeV2Action(p: Program): void {
  staticGuard(p);
  const owner = p.invoke.address;
  p.tx.nonce++;
  const internal = addInternalTx(p, owner, owner, 0n, undefined, "cancelAllUnfreezeV2");
  const outcome = runVmProcessor(p, cancelAllUnfreezeV2Processor, { owner });
  if (!outcome.ok) {
    internal.rejected = true;
  } else if (outcome.result > 0n) {
    p.tx.nonce++;
    addInternalTx(p, owner, owner, outcome.result, undefined, "withdrawExpireUnfreezeWhileCanceling");
  }
  pushAndStep(p, outcome.ok ? 1n : 0n);
}

function delegateAction(p: Program, delegate: boolean): void {
  staticGuard(p);
  const resourceType = p.pop();
  const balance = p.pop();
  const receiver = toTronAddress(p.pop());
  const owner = p.invoke.address;
  p.tx.nonce++;
  const note = `${delegate ? "delegateResourceOf" : "unDelegateResourceOf"}${resourceName(resourceType)}`;
  const internal = addInternalTx(p, owner, receiver, BigInt.asIntN(64, balance), undefined, note);
  const amount = exactLong(balance);
  const param =
    amount === undefined
      ? undefined
      : { owner, receiver, balance: amount, resource: resourceCodeV2(resourceType) };
  const outcome = delegate
    ? runVmProcessor(p, delegateResourceProcessor, param)
    : runVmProcessor(p, unDelegateResourceProcessor, param);
  if (!outcome.ok) internal.rejected = true;
  pushAndStep(p, outcome.ok ? 1n : 0n);
}
