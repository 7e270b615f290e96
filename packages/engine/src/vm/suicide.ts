import {
  accountResourceOf,
  delegatedV1,
  delegatedV2,
  TRX_PRECISION,
  withFrozenV1Bandwidth,
  withFrozenV1Energy,
  withFrozenV2Added,
} from "../accounts/account-resources.js";
import { addExact } from "../chain/arithmetic.js";
import { ResourceCode } from "../protocol/generated/protocol/common_pb.js";
import type { Account } from "../protocol/generated/protocol/core_pb.js";
import { refreshUsage, unDelegateIncrease, withUsage } from "../resources/resource-window.js";
import { CoreTables } from "../state/core-tables.js";
import { withdrawRewardForVm } from "../witnesses/rewards.js";
import { clearVotes } from "../witnesses/votes.js";
import { sameBytes, validateTrxTransfer } from "./calls.js";
import { bytecodeExecution, runtimeException, transferException } from "./errors.js";
import { addInternalTx } from "./internal-transactions.js";
import { addTotalWeightInVm } from "./processors/processor.js";
import type { Program } from "./program.js";
import { isNewContract } from "./state-ops.js";
import { TransferValidationError } from "./tokens.js";
import { toTronAddress } from "./word.js";
import { addBalance, createNormalAccount, getBalance } from "./world.js";

/**
 * Program.canSuicide: a contract that has delegated resources out (TVM freeze), or V2 stakes
 * delegated out or still unfreezing (FreezeV2), may not self-destruct — SELFDESTRUCT then reverts.
 */
export function canSuicide(program: Program): boolean {
  const config = program.tx.config;
  const account = program.state.get(CoreTables.accounts, program.invoke.address);
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

/**
 * The genesis "Blackhole" account. java-tron reads it from the genesis config and passes it on
 * unchecked: on a chain without one the address is null, and the first repository access with it
 * throws (leveldbjni refuses a null key), failing the frame as a runtime exception. The TVM does the
 * same here, so a SELFDESTRUCT to itself on such a chain fails where java-tron's does.
 */
function blackHole(program: Program): Uint8Array {
  const address = program.props.getBytes("BLACKHOLE_ADDRESS");
  if (address.length === 0) {
    throw runtimeException("The key argument cannot be null", "java.lang.IllegalArgumentException");
  }
  return address;
}

/** Java's FastByteComparisons.compareTo(owner, 0, n, obtainer, 0, n) == 0 on the first `n` bytes. */
function sameFirst(a: Uint8Array, b: Uint8Array, n: number): boolean {
  return sameBytes(a.subarray(0, n), b.subarray(0, n));
}

/**
 * Program.suicide: the contract's TRX, tokens and stakes go to the heir (to itself: TRX and tokens
 * to the blackhole); the account is deleted at the end of the transaction. With
 * ALLOW_TVM_SELFDESTRUCT_RESTRICTION (#94, TIP-6780) this remains the behaviour only for a contract
 * created in this transaction; any other contract goes through `suicideRestricted`.
 */
export function suicide(program: Program, obtainerWord: bigint): void {
  const tx = program.tx;
  const config = tx.config;
  const state = program.state;
  const owner = program.invoke.address;
  if (config.allowTvmSelfdestructRestriction && !isNewContract(state, owner)) {
    suicideRestricted(program, obtainerWord);
    return;
  }
  const obtainer = toTronAddress(obtainerWord);

  if (config.allowTvmVote) withdrawRewardAndCancelVote(program, owner);

  const balance = getBalance(state, owner);
  tx.nonce++;
  const ownerAccount = state.get(CoreTables.accounts, owner)!;
  const tokens = new Map(Object.entries(ownerAccount.assetV2));
  const internalTx = addInternalTx(program, owner, obtainer, balance, undefined, "suicide", tokens);

  // Before #81 java-tron compares only the first 20 of the 21 address bytes here.
  const toSelf = sameFirst(owner, obtainer, config.allowEnergyAdjustment ? 21 : 20);
  if (toSelf) {
    addBalance(state, owner, -balance);
    if (config.allowTvmTransferTrc10) {
      const hole = blackHole(program);
      addBalance(state, hole, balance);
      tx.host.tokens.transferAll(state, owner, hole);
    }
  } else {
    transferAllToHeir(program, owner, obtainer, balance);
  }
  const inheritor = () => (sameBytes(owner, obtainer) ? blackHole(program) : obtainer);
  if (config.allowTvmFreeze) transferDelegatedResourceToInheritor(program, owner, inheritor());
  if (config.allowTvmFreezeV2) {
    const expired = transferFrozenV2BalanceToInheritor(program, owner, inheritor());
    if (expired > 0n) internalTx.value += expired;
  }
  tx.deletedAccounts.push(owner);
}

/**
 * Program.suicide2 (#94, TIP-6780) for a contract that existed before this transaction: nothing is
 * deleted; unless the heir is the contract itself (then nothing moves at all), rewards are settled,
 * votes cancelled, and TRX, tokens and stakes go to the heir.
 */
function suicideRestricted(program: Program, obtainerWord: bigint): void {
  const tx = program.tx;
  const config = tx.config;
  const state = program.state;
  const owner = program.invoke.address;
  const obtainer = toTronAddress(obtainerWord);
  let balance = getBalance(state, owner);
  tx.nonce++;
  const tokens = new Map(Object.entries(state.get(CoreTables.accounts, owner)!.assetV2));
  const internalTx = addInternalTx(program, owner, obtainer, balance, undefined, "suicide", tokens);
  if (sameBytes(owner, obtainer)) return;
  if (config.allowTvmVote) {
    withdrawRewardAndCancelVote(program, owner);
    balance = getBalance(state, owner);
    internalTx.value = balance;
  }
  transferAllToHeir(program, owner, obtainer, balance);
  if (config.allowTvmFreeze) transferDelegatedResourceToInheritor(program, owner, obtainer);
  if (config.allowTvmFreezeV2) {
    const expired = transferFrozenV2BalanceToInheritor(program, owner, obtainer);
    if (expired > 0n) internalTx.value += expired;
  }
}

/** createAccountIfNotExist, then MUtil.transfer of the TRX and (#18) transferAllToken. */
function transferAllToHeir(program: Program, owner: Uint8Array, obtainer: Uint8Array, balance: bigint): void {
  const config = program.tx.config;
  const state = program.state;
  if (config.allowTvmSolidity059 && state.get(CoreTables.accounts, obtainer) === undefined) {
    createNormalAccount(state, program.props, obtainer);
  }
  try {
    if (balance !== 0n) {
      validateTrxTransfer(state, owner, obtainer, balance);
      addBalance(state, obtainer, balance);
      addBalance(state, owner, -balance);
    }
    if (config.allowTvmTransferTrc10) program.tx.host.tokens.transferAll(state, owner, obtainer);
  } catch (e) {
    if (!(e instanceof TransferValidationError)) throw e;
    if (config.allowTvmConstantinople) {
      throw transferException(`transfer all token or transfer all trx failed in suicide: ${e.message}`);
    }
    throw bytecodeExecution("transfer failure");
  }
}

/** Program.withdrawRewardAndCancelVote: settle rewards, drop votes, move the allowance into the balance. */
function withdrawRewardAndCancelVote(program: Program, owner: Uint8Array): void {
  const state = program.state;
  withdrawRewardForVm(state, program.props, owner);
  let account = state.get(CoreTables.accounts, owner)!;
  if (account.votes.length > 0) {
    account = { ...clearVotes(state, account), oldTronPower: 0n };
  }
  let balance: bigint;
  try {
    balance = addExact(account.balance, account.allowance);
  } catch {
    throw bytecodeExecution("Suicide: balance and allowance out of long range.");
  }
  state.put(CoreTables.accounts, owner, {
    ...account,
    balance,
    allowance: 0n,
    latestWithdrawTime: program.tx.block.timestamp * 1000n,
  });
}

/**
 * Program.transferDelegatedResourceToInheritor: the contract's own v1 stakes leave the weights and
 * go to the heir; with #94 the contract's v1 entries are then zeroed (setFrozenFor*(0, 0)).
 */
function transferDelegatedResourceToInheritor(
  program: Program,
  owner: Uint8Array,
  inheritor: Uint8Array,
): void {
  const state = program.state;
  const account = state.get(CoreTables.accounts, owner)!;
  const bandwidth = account.frozen.length > 0 ? account.frozen[0]!.frozenBalance : 0n;
  addTotalWeightInVm(program.props, ResourceCode.BANDWIDTH, -(bandwidth / TRX_PRECISION));
  const energy = accountResourceOf(account).frozenBalanceForEnergy?.frozenBalance ?? 0n;
  addTotalWeightInVm(program.props, ResourceCode.ENERGY, -(energy / TRX_PRECISION));
  addBalance(state, inheritor, bandwidth + energy);
  if (program.tx.config.allowTvmSelfdestructRestriction) {
    state.put(CoreTables.accounts, owner, withFrozenV1Energy(withFrozenV1Bandwidth(account, 0n, 0n), 0n, 0n));
  }
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
  let owner = state.get(CoreTables.accounts, ownerAddress)!;
  let inheritor: Account = state.get(CoreTables.accounts, inheritorAddress)!;
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
  state.put(CoreTables.accounts, ownerAddress, owner);
  state.put(CoreTables.accounts, inheritorAddress, inheritor);
  return expired;
}
