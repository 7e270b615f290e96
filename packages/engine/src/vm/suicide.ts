import { addExact } from "../chain/arithmetic.js";
import { ResourceCode } from "../protocol/generated/protocol/common_pb.js";
import type { Account } from "../protocol/generated/protocol/core_pb.js";
import {
  accountResourceOf,
  delegatedV1,
  delegatedV2,
  TRX_PRECISION,
  withFrozenV2Added,
} from "../resources/account-resources.js";
import { refreshUsage, unDelegateIncrease, withUsage } from "../resources/resource-window.js";
import { addTotalWeight } from "../resources/total-weights.js";
import { Tables } from "../state/tables.js";
import { withdrawReward } from "../witnesses/rewards.js";
import { clearVotes } from "../witnesses/votes.js";
import { sameBytes, validateTrxTransfer } from "./calls.js";
import { bytecodeExecution, transferException } from "./errors.js";
import { addInternalTx } from "./internal-transactions.js";
import type { Program } from "./program.js";
import { TransferValidationError } from "./tokens.js";
import { toTronAddress } from "./word.js";
import { addBalance, createNormalAccount, getBalance } from "./world.js";

/**
 * Program.canSuicide: a contract that has delegated resources out (TVM freeze), or V2 stakes
 * delegated out or still unfreezing (FreezeV2), may not self-destruct — SELFDESTRUCT then reverts.
 */
export function canSuicide(program: Program): boolean {
  const config = program.tx.config;
  const account = program.state.get(Tables.accounts, program.invoke.address);
  if (!account) return true;
  const freezeCheck =
    !config.allowTvmFreeze ||
    (delegatedV1(account, ResourceCode.BANDWIDTH) === 0n && delegatedV1(account, ResourceCode.ENERGY) === 0n);
  let freezeV2Check = true;
  if (config.allowTvmFreezeV2) {
    const now = program.props.headTimestamp;
    freezeV2Check =
      delegatedV2(account, ResourceCode.BANDWIDTH) === 0n &&
      delegatedV2(account, ResourceCode.ENERGY) === 0n &&
      !account.unfrozenV2.some((u) => u.unfreezeExpireTime > now);
  }
  return freezeCheck && freezeV2Check;
}

/** The genesis blackhole account (burned value goes there), or undefined when the chain has none. */
function blackHole(program: Program): Uint8Array | undefined {
  const address = program.props.getBytes("BLACKHOLE_ADDRESS");
  return address.length === 0 ? undefined : address;
}

/** Program.suicide: the contract's TRX, tokens and stakes go to the heir; the account is deleted at the end. */
export function suicide(program: Program, obtainerWord: bigint): void {
  const tx = program.tx;
  const config = tx.config;
  const state = program.state;
  const owner = program.invoke.address;
  const obtainer = toTronAddress(obtainerWord);

  if (config.allowTvmVote) withdrawRewardAndCancelVote(program, owner);

  const balance = getBalance(state, owner);
  tx.nonce++;
  const ownerAccount = state.get(Tables.accounts, owner)!;
  const tokens = new Map(Object.entries(ownerAccount.assetV2));
  const internalTx = addInternalTx(program, owner, obtainer, balance, undefined, "suicide", tokens);

  // Before #81 java-tron compares only the first 20 of the 21 address bytes here.
  const compared = config.allowEnergyAdjustment ? 21 : 20;
  const toSelf = sameBytes(owner.subarray(0, compared), obtainer.subarray(0, compared));
  const hole = blackHole(program);
  if (toSelf) {
    addBalance(state, owner, -balance);
    if (config.allowTvmTransferTrc10 && hole !== undefined) {
      addBalance(state, hole, balance);
      tx.host.tokens.transferAll(state, owner, hole);
    }
  } else {
    if (config.allowTvmSolidity059 && state.get(Tables.accounts, obtainer) === undefined) {
      createNormalAccount(state, program.props, obtainer);
    }
    try {
      if (balance !== 0n) {
        validateTrxTransfer(state, owner, obtainer, balance);
        addBalance(state, obtainer, balance);
        addBalance(state, owner, -balance);
      }
      if (config.allowTvmTransferTrc10) tx.host.tokens.transferAll(state, owner, obtainer);
    } catch (e) {
      if (!(e instanceof TransferValidationError)) throw e;
      if (config.allowTvmConstantinople) {
        throw transferException(`transfer all token or transfer all trx failed in suicide: ${e.message}`);
      }
      throw bytecodeExecution("transfer failure");
    }
  }
  if (config.allowTvmFreeze) {
    transferDelegatedResourceToInheritor(program, owner, sameBytes(owner, obtainer) ? hole : obtainer);
  }
  if (config.allowTvmFreezeV2) {
    const inheritor = sameBytes(owner, obtainer) ? hole : obtainer;
    if (inheritor !== undefined) {
      const expired = transferFrozenV2BalanceToInheritor(program, owner, inheritor);
      if (expired > 0n) internalTx.value += expired;
    }
  }
  tx.deletedAccounts.push(owner);
}

/** Program.withdrawRewardAndCancelVote: settle rewards, drop votes, move the allowance into the balance. */
function withdrawRewardAndCancelVote(program: Program, owner: Uint8Array): void {
  const state = program.state;
  withdrawReward(state, program.props, owner);
  let account = state.get(Tables.accounts, owner)!;
  if (account.votes.length > 0) {
    account = { ...clearVotes(state, account), oldTronPower: 0n };
  }
  let balance: bigint;
  try {
    balance = addExact(account.balance, account.allowance);
  } catch {
    throw bytecodeExecution("Suicide: balance and allowance out of long range.");
  }
  state.put(Tables.accounts, owner, {
    ...account,
    balance,
    allowance: 0n,
    latestWithdrawTime: program.tx.block.timestamp * 1000n,
  });
}

/** Program.transferDelegatedResourceToInheritor: the contract's own v1 stakes leave the weights and go to the heir. */
function transferDelegatedResourceToInheritor(
  program: Program,
  owner: Uint8Array,
  inheritor: Uint8Array | undefined,
): void {
  const state = program.state;
  const account = state.get(Tables.accounts, owner)!;
  const bandwidth = account.frozen.length > 0 ? account.frozen[0]!.frozenBalance : 0n;
  addTotalWeight(program.props, ResourceCode.BANDWIDTH, -(bandwidth / TRX_PRECISION));
  const energy = accountResourceOf(account).frozenBalanceForEnergy?.frozenBalance ?? 0n;
  addTotalWeight(program.props, ResourceCode.ENERGY, -(energy / TRX_PRECISION));
  if (inheritor !== undefined) addBalance(state, inheritor, bandwidth + energy);
}

/**
 * Program.transferFrozenV2BalanceToInheritor: V2 stakes and usage move to the heir, expired
 * unfreezes are paid to it, and the contract's V2 state is cleared. Returns the expired amount.
 */
function transferFrozenV2BalanceToInheritor(
  program: Program,
  ownerAddress: Uint8Array,
  inheritorAddress: Uint8Array,
): bigint {
  const state = program.state;
  const props = program.props;
  let owner = state.get(Tables.accounts, ownerAddress)!;
  let inheritor: Account = state.get(Tables.accounts, inheritorAddress)!;
  const now = props.headSlot;
  for (const frozen of owner.frozenV2) {
    if (frozen.amount > 0n) inheritor = withFrozenV2Added(inheritor, frozen.type, frozen.amount);
  }
  owner = refreshUsage(props, owner, ResourceCode.BANDWIDTH, now);
  owner = withUsage(owner, ResourceCode.BANDWIDTH, owner.netUsage, now);
  if (owner.netUsage > 0n) {
    inheritor = unDelegateIncrease(props, inheritor, owner, owner.netUsage, ResourceCode.BANDWIDTH, now);
  }
  owner = refreshUsage(props, owner, ResourceCode.ENERGY, now);
  const energyUsage = accountResourceOf(owner).energyUsage;
  owner = withUsage(owner, ResourceCode.ENERGY, energyUsage, now);
  if (energyUsage > 0n) {
    inheritor = unDelegateIncrease(props, inheritor, owner, energyUsage, ResourceCode.ENERGY, now);
  }
  const nowMs = props.headTimestamp;
  let expired = 0n;
  for (const u of owner.unfrozenV2) {
    if (u.unfreezeAmount > 0n && u.unfreezeExpireTime <= nowMs) expired += u.unfreezeAmount;
  }
  if (expired > 0n) {
    inheritor = { ...inheritor, balance: inheritor.balance + expired };
    program.tx.nonce++;
    addInternalTx(
      program,
      ownerAddress,
      inheritorAddress,
      expired,
      undefined,
      "withdrawExpireUnfreezeWhileSuiciding",
    );
  }
  owner = withUsage(
    withUsage(owner, ResourceCode.BANDWIDTH, 0n, owner.latestConsumeTime),
    ResourceCode.ENERGY,
    0n,
    accountResourceOf(owner).latestConsumeTimeForEnergy,
  );
  owner = {
    ...owner,
    frozenV2: [],
    unfrozenV2: [],
    netWindowSize: 0n,
    accountResource: { ...accountResourceOf(owner), energyWindowSize: 0n },
  };
  state.put(Tables.accounts, ownerAddress, owner);
  state.put(Tables.accounts, inheritorAddress, inheritor);
  return expired;
}
