import { create, type DescMessage, type MessageShape } from "@bufbuild/protobuf";
import type { Actuator } from "../actuators/actuator.js";
import { TronodeError } from "../errors.js";
import { ResourceCode } from "../protocol/generated/protocol/common_pb.js";
import {
  CancelAllUnfreezeV2ContractSchema,
  DelegateResourceContractSchema,
  FreezeBalanceContractSchema,
  FreezeBalanceV2ContractSchema,
  UnDelegateResourceContractSchema,
  UnfreezeBalanceContractSchema,
  UnfreezeBalanceV2ContractSchema,
  VoteWitnessContract_VoteSchema,
  VoteWitnessContractSchema,
  WithdrawExpireUnfreezeContractSchema,
} from "../protocol/generated/protocol/contracts_pb.js";
import { Transaction_ContractSchema } from "../protocol/generated/protocol/core_pb.js";
import { accountResourceOf } from "../resources/account-resources.js";
import { cancelAllUnfreezeV2Actuator } from "../resources/actuators/cancel-all-unfreeze-v2.js";
import { delegateResourceActuator } from "../resources/actuators/delegate-resource.js";
import { freezeBalanceActuator } from "../resources/actuators/freeze-balance.js";
import { freezeBalanceV2Actuator } from "../resources/actuators/freeze-balance-v2.js";
import { unDelegateResourceActuator } from "../resources/actuators/undelegate-resource.js";
import { unfreezeBalanceActuator } from "../resources/actuators/unfreeze-balance.js";
import { unfreezeBalanceV2Actuator } from "../resources/actuators/unfreeze-balance-v2.js";
import { withdrawExpireUnfreezeActuator } from "../resources/actuators/withdraw-expire-unfreeze.js";
import { delegatedResourceKeyV1 } from "../resources/delegation.js";
import { MutableChainProperties } from "../state/chain-properties.js";
import { Tables } from "../state/tables.js";
import { voteWitnessActuator } from "../witnesses/actuators/vote-witness.js";
import { isGenesisWitness } from "../witnesses/registry.js";
import { withdrawReward } from "../witnesses/rewards.js";
import { sameBytes } from "./calls.js";
import type { VmConfig } from "./config.js";
import { Energy } from "./energy-cost.js";
import { bytecodeExecution, staticCallModification, transferException } from "./errors.js";
import { addInternalTx } from "./internal-transactions.js";
import { Op } from "./opcodes.js";
import type { OperationSpec } from "./operations.js";
import { voteWitnessCost } from "./operations.js";
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
        pushAndStep(p, p.state.get(contractsTable(), address) !== undefined ? 1n : 0n);
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

import { ContractTables } from "./tables.js";

function contractsTable() {
  return ContractTables.contracts;
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
  return p.state.get(Tables.accounts, receiver) === undefined
    ? Energy.FREEZE + Energy.NEW_ACCT_CALL
    : Energy.FREEZE;
}

const RESOURCE_NAMES = ["Bandwidth", "Energy", "TronPower"];

/** Program.convertResourceToString over the word's intValue. */
function resourceName(word: bigint): string {
  return RESOURCE_NAMES[Number(BigInt.asIntN(32, word))] ?? "UnknownType";
}

/** Program.parseResourceCode (Stake 1.0): 0, 1, else UNRECOGNIZED (-1). */
function resourceCodeV1(word: bigint): ResourceCode {
  const v = Number(BigInt.asIntN(32, word));
  return v === 0 ? ResourceCode.BANDWIDTH : v === 1 ? ResourceCode.ENERGY : (-1 as ResourceCode);
}

/** Program.parseResourceCodeV2: the signed word as a byte value 0–2, else UNRECOGNIZED. */
function resourceCodeV2(word: bigint): ResourceCode {
  const v = BigInt.asIntN(256, word);
  if (v === 0n) return ResourceCode.BANDWIDTH;
  if (v === 1n) return ResourceCode.ENERGY;
  if (v === 2n) return ResourceCode.TRON_POWER;
  return -1 as ResourceCode;
}

/** `sValue().longValueExact()`, or undefined when the signed word does not fit a long. */
function exactLong(word: bigint): bigint | undefined {
  const v = BigInt.asIntN(256, word);
  return v > LONG_MAX || v < LONG_MIN ? undefined : v;
}

/**
 * Runs one staking rule the way java-tron's VM processors do: on a child overlay committed only
 * when validation and execution pass. A validation failure (or an amount out of long range)
 * answers false and rejects the internal transaction; it never fails the frame.
 */
function runProcessor<Desc extends DescMessage>(
  p: Program,
  actuator: Actuator<Desc>,
  param: MessageShape<Desc> | undefined,
): ReturnType<Actuator<Desc>["execute"]> | undefined {
  if (param === undefined) return undefined;
  const child = p.childState();
  const ctx = {
    state: child,
    props: new MutableChainProperties(child),
    txId: p.tx.rootTransactionId,
    contract: create(Transaction_ContractSchema),
  };
  try {
    actuator.validate(ctx, param);
    const result = actuator.execute(ctx, param);
    p.state.merge(child.changes());
    return result;
  } catch (e) {
    if (
      e instanceof TronodeError &&
      (e.code === "CONTRACT_VALIDATE_ERROR" || e.code === "CONTRACT_EXE_ERROR")
    ) {
      return undefined;
    }
    throw e;
  }
}

function staticGuard(p: Program): void {
  if (p.invoke.isStatic) throw staticCallModification();
}

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
  const internal = addInternalTx(
    p,
    owner,
    receiver,
    BigInt.asIntN(64, frozenBalance),
    undefined,
    `freezeFor${resourceName(resourceType)}`,
  );
  const amount = exactLong(frozenBalance);
  const param =
    amount === undefined
      ? undefined
      : create(FreezeBalanceContractSchema, {
          ownerAddress: owner,
          receiverAddress: sameBytes(owner, receiver) ? new Uint8Array(0) : receiver,
          frozenBalance: amount,
          frozenDuration: 3n,
          resource: resourceCodeV1(resourceType),
        });
  const ok = runProcessor(p, freezeBalanceActuator, param) !== undefined;
  if (!ok) internal.rejected = true;
  pushAndStep(p, ok ? 1n : 0n);
}

function unfreezeAction(p: Program): void {
  if (p.tx.config.allowTvmVote) staticGuard(p);
  const resourceType = p.pop();
  const receiverWord = p.pop();
  const owner = p.invoke.address;
  const receiver = toTronAddress(receiverWord);
  p.tx.nonce++;
  const internal = addInternalTx(
    p,
    owner,
    receiver,
    0n,
    undefined,
    `unfreezeFor${resourceName(resourceType)}`,
  );
  const param = create(UnfreezeBalanceContractSchema, {
    ownerAddress: owner,
    receiverAddress: sameBytes(owner, receiver) ? new Uint8Array(0) : receiver,
    resource: resourceCodeV1(resourceType),
  });
  const result = runProcessor(p, unfreezeBalanceActuator, param);
  if (result === undefined) internal.rejected = true;
  else internal.value = result.receipt?.unfreezeAmount ?? 0n;
  pushAndStep(p, result !== undefined ? 1n : 0n);
}

/** Program.freezeExpireTime: the own or delegated V1 freeze expiry, in seconds (0 when none). */
function freezeExpireTimeAction(p: Program): void {
  const resourceType = p.pop();
  const target = toTronAddress(p.pop());
  const owner = p.invoke.address;
  const code = Number(BigInt.asIntN(32, resourceType));
  let expire = 0n;
  if (sameBytes(owner, target)) {
    const account = p.state.get(Tables.accounts, owner);
    if (account) {
      if (code === 0 && account.frozen.length > 0 && account.frozen[0]!.frozenBalance !== 0n) {
        expire = account.frozen[0]!.expireTime;
      } else if (code === 1) {
        const f = accountResourceOf(account).frozenBalanceForEnergy;
        if (f && f.frozenBalance !== 0n) expire = f.expireTime;
      }
    }
  } else {
    const record = p.state.get(Tables.delegatedResources, delegatedResourceKeyV1(owner, target));
    if (record) {
      if (code === 0 && record.frozenBalanceForBandwidth !== 0n) expire = record.expireTimeForBandwidth;
      else if (code === 1 && record.frozenBalanceForEnergy !== 0n) expire = record.expireTimeForEnergy;
    }
  }
  pushAndStep(p, wordOfLong(expire / 1000n));
}

/** Program.voteWitness: two memory arrays (length word first) of witnesses and vote counts. */
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
    internal.rejected = true;
    pushAndStep(p, 0n);
    return;
  }
  const votes = [];
  let inRange = true;
  for (let i = 0; i < witnessLength; i++) {
    const witness = toTronAddress(p.memory.readWord(witnessOffset + 32 + i * 32));
    const count = exactLong(p.memory.readWord(amountOffset + 32 + i * 32));
    if (count === undefined) {
      inRange = false;
      break;
    }
    votes.push(create(VoteWitnessContract_VoteSchema, { voteAddress: witness, voteCount: count }));
  }
  const param = inRange ? create(VoteWitnessContractSchema, { ownerAddress: owner, votes }) : undefined;
  if (param) internal.extra = voteExtra(votes);
  const ok = runProcessor(p, voteWitnessActuator, param) !== undefined;
  if (!ok) internal.rejected = true;
  pushAndStep(p, ok ? 1n : 0n);
}

/** VoteWitnessParam.toJsonStr: {"votes":[{"vote_address":"<hex>","vote_count":N},…]}. */
function voteExtra(votes: { voteAddress: Uint8Array; voteCount: bigint }[]): string {
  const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `{"votes":[${votes.map((v) => `{"vote_address":"${hex(v.voteAddress)}","vote_count":${v.voteCount}}`).join(",")}]}`;
}

/** Program.withdrawReward (WithdrawRewardProcessor): settles the reward and moves the allowance into the balance. */
function withdrawRewardAction(p: Program): void {
  staticGuard(p);
  const owner = p.invoke.address;
  p.tx.nonce++;
  const internal = addInternalTx(p, owner, owner, 0n, undefined, "withdrawReward");
  let allowance = 0n;
  if (isGenesisWitness(p.props, owner)) {
    internal.rejected = true;
  } else {
    const child = p.childState();
    const props = new MutableChainProperties(child);
    if (p.tx.config.allowTvmVote) withdrawReward(child, props, owner);
    const account = child.get(Tables.accounts, owner);
    if (account) {
      const balance = account.balance + account.allowance;
      if (balance > LONG_MAX) {
        internal.rejected = true;
        pushAndStep(p, 0n);
        return;
      }
      if (account.allowance > 0n) {
        allowance = account.allowance;
        child.put(Tables.accounts, owner, {
          ...account,
          balance,
          allowance: 0n,
          latestWithdrawTime: p.tx.block.timestamp * 1000n,
        });
      }
    }
    p.state.merge(child.changes());
    internal.value = allowance;
  }
  pushAndStep(p, wordOfLong(allowance));
}

function freezeBalanceV2Action(p: Program): void {
  staticGuard(p);
  const resourceType = p.pop();
  const frozenBalance = p.pop();
  const owner = p.invoke.address;
  p.tx.nonce++;
  const internal = addInternalTx(
    p,
    owner,
    owner,
    BigInt.asIntN(64, frozenBalance),
    undefined,
    `freezeBalanceV2For${resourceName(resourceType)}`,
  );
  const amount = exactLong(frozenBalance);
  const param =
    amount === undefined
      ? undefined
      : create(FreezeBalanceV2ContractSchema, {
          ownerAddress: owner,
          frozenBalance: amount,
          resource: resourceCodeV2(resourceType),
        });
  const ok = runProcessor(p, freezeBalanceV2Actuator, param) !== undefined;
  if (!ok) internal.rejected = true;
  pushAndStep(p, ok ? 1n : 0n);
}

function unfreezeBalanceV2Action(p: Program): void {
  staticGuard(p);
  const resourceType = p.pop();
  const unfreezeBalance = p.pop();
  const owner = p.invoke.address;
  p.tx.nonce++;
  const internal = addInternalTx(
    p,
    owner,
    owner,
    BigInt.asIntN(64, unfreezeBalance),
    undefined,
    `unfreezeBalanceV2For${resourceName(resourceType)}`,
  );
  const amount = exactLong(unfreezeBalance);
  const param =
    amount === undefined
      ? undefined
      : create(UnfreezeBalanceV2ContractSchema, {
          ownerAddress: owner,
          unfreezeBalance: amount,
          resource: resourceCodeV2(resourceType),
        });
  const result = runProcessor(p, unfreezeBalanceV2Actuator, param);
  if (result === undefined) {
    internal.rejected = true;
  } else {
    const withdrawn = result.receipt?.withdrawExpireAmount ?? 0n;
    if (withdrawn > 0n) {
      p.tx.nonce++;
      addInternalTx(p, owner, owner, withdrawn, undefined, "withdrawExpireUnfreezeWhileUnfreezing");
    }
  }
  pushAndStep(p, result !== undefined ? 1n : 0n);
}

function withdrawExpireUnfreezeAction(p: Program): void {
  staticGuard(p);
  const owner = p.invoke.address;
  p.tx.nonce++;
  const internal = addInternalTx(p, owner, owner, 0n, undefined, "withdrawExpireUnfreeze");
  const result = runProcessor(
    p,
    withdrawExpireUnfreezeActuator,
    create(WithdrawExpireUnfreezeContractSchema, { ownerAddress: owner }),
  );
  const amount = result?.receipt?.withdrawExpireAmount ?? 0n;
  if (result === undefined) internal.rejected = true;
  else internal.value = amount;
  pushAndStep(p, wordOfLong(amount));
}

function cancelAllUnfreezeV2Action(p: Program): void {
  staticGuard(p);
  const owner = p.invoke.address;
  p.tx.nonce++;
  const internal = addInternalTx(p, owner, owner, 0n, undefined, "cancelAllUnfreezeV2");
  const result = runProcessor(
    p,
    cancelAllUnfreezeV2Actuator,
    create(CancelAllUnfreezeV2ContractSchema, { ownerAddress: owner }),
  );
  if (result === undefined) {
    internal.rejected = true;
  } else {
    const withdrawn = result.receipt?.withdrawExpireAmount ?? 0n;
    if (withdrawn > 0n) {
      p.tx.nonce++;
      addInternalTx(p, owner, owner, withdrawn, undefined, "withdrawExpireUnfreezeWhileCanceling");
    }
  }
  pushAndStep(p, result !== undefined ? 1n : 0n);
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
  const resource = resourceCodeV2(resourceType);
  let ok: boolean;
  if (delegate) {
    const param =
      amount === undefined
        ? undefined
        : create(DelegateResourceContractSchema, {
            ownerAddress: owner,
            receiverAddress: receiver,
            balance: amount,
            resource,
          });
    ok = runProcessor(p, delegateResourceActuator, param) !== undefined;
  } else {
    const param =
      amount === undefined
        ? undefined
        : create(UnDelegateResourceContractSchema, {
            ownerAddress: owner,
            receiverAddress: receiver,
            balance: amount,
            resource,
          });
    ok = runProcessor(p, unDelegateResourceActuator, param) !== undefined;
  }
  if (!ok) internal.rejected = true;
  pushAndStep(p, ok ? 1n : 0n);
}
