import { create } from "@bufbuild/protobuf";
import { isValidAddress } from "../crypto/address.js";
import { bytesToHex, concatBytes } from "../crypto/bytes.js";
import { keccak256 } from "../crypto/hash.js";
import { SmartContractSchema } from "../protocol/generated/protocol/contracts_pb.js";
import {
  type Account,
  Account_AccountResourceSchema,
  AccountType,
} from "../protocol/generated/protocol/core_pb.js";
import { ContractTables, putContract } from "../state/contract-tables.js";
import { CoreTables } from "../state/core-tables.js";
import type { StateOverlay } from "../state/state-overlay.js";
import type { StateView } from "../state/state-view.js";
import { createEnergy, Energy } from "./energy-cost.js";
import {
  bytecodeExecution,
  invalidCode,
  longOverflow,
  notEnoughSpendEnergy,
  notEnoughTime,
  runtimeException,
  staticCallModification,
  transferException,
  type VmException,
} from "./errors.js";
import { addInternalTx, rejectInternalTransactionsFrom } from "./internal-transactions.js";
import { Op } from "./opcodes.js";
import { precompileFor } from "./precompiles/index.js";
import { MAX_DEPTH, Program } from "./program.js";
import { markNewContract } from "./state-ops.js";
import { canSuicide, suicide } from "./suicide.js";
import { TransferValidationError } from "./tokens.js";
import { intValueSafe, toTronAddress, wordFromBytes, wordOfAddress } from "./word.js";
import {
  addBalance,
  createBareAccount,
  createNormalAccount,
  getBalance,
  getCode,
  saveCode,
} from "./world.js";

const LONG_MAX = (1n << 63n) - 1n;
const MIN_TOKEN_ID = 1_000_000n;
const VALIDATE_FAILURE = "validateForSmartContract failure:";

/** java-tron's MessageCall. */
interface MessageCall {
  readonly op: number;
  /** Energy handed to the callee (the stipend included). */
  readonly energy: number;
  readonly codeAddress: bigint;
  readonly endowment: bigint;
  readonly inOffset: bigint;
  readonly inSize: bigint;
  readonly outOffset: bigint;
  readonly outSize: bigint;
  readonly tokenId: bigint;
  readonly isTokenTransfer: boolean;
}

/** VMUtils.validateForSmartContract (TRX form): throws TransferValidationError with java-tron's text. */
export function validateTrxTransfer(
  state: StateView,
  from: Uint8Array,
  to: Uint8Array,
  amount: bigint,
): void {
  if (!isValidAddress(from)) throw new TransferValidationError("Invalid ownerAddress!");
  if (!isValidAddress(to)) throw new TransferValidationError("Invalid toAddress!");
  if (sameBytes(from, to)) throw new TransferValidationError("Cannot transfer TRX to yourself.");
  const owner = state.get(CoreTables.accounts, from);
  if (!owner) throw new TransferValidationError("Validate InternalTransfer error, no OwnerAccount.");
  const receiver = state.get(CoreTables.accounts, to);
  if (!receiver) {
    throw new TransferValidationError(
      "Validate InternalTransfer error, no ToAccount. And not allowed to create an account in a smartContract.",
    );
  }
  if (amount < 0n) throw new TransferValidationError("Amount must be greater than or equals 0.");
  if (owner.balance < amount)
    throw new TransferValidationError("Validate InternalTransfer error, balance is not sufficient.");
  if (receiver.balance + amount > LONG_MAX) throw new TransferValidationError("long overflow");
}

/** MUtil.transfer: validated TRX move (nothing for 0). */
export function transferTrx(state: StateOverlay, from: Uint8Array, to: Uint8Array, amount: bigint): void {
  if (amount === 0n) return;
  validateTrxTransfer(state, from, to, amount);
  addBalance(state, to, amount);
  addBalance(state, from, -amount);
}

export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Program.createAccountIfNotExist: from Solidity059 on, a value transfer creates its receiver. */
function createAccountIfNotExist(program: Program, state: StateOverlay, address: Uint8Array): void {
  if (program.tx.config.allowTvmSolidity059 && state.get(CoreTables.accounts, address) === undefined) {
    createNormalAccount(state, program.props, address);
  }
}

/** OperationActions.callAction & friends + exeCall. */
export function callAction(program: Program, op: number): void {
  program.pop(); // the requested energy: the cost function already resolved it
  const codeAddress = program.pop();
  let value = 0n;
  if (op === Op.CALL || op === Op.CALLCODE || op === Op.CALLTOKEN) value = program.pop();
  if ((op === Op.CALL || op === Op.CALLTOKEN) && program.invoke.isStatic && value !== 0n) {
    throw staticCallModification();
  }
  let energy = program.adjustedCallEnergy;
  if (op !== Op.DELEGATECALL && op !== Op.STATICCALL && value !== 0n) energy += Energy.STIPEND_CALL;
  const tokenId = op === Op.CALLTOKEN ? program.pop() : 0n;
  const inOffset = program.pop();
  const inSize = program.pop();
  const outOffset = program.pop();
  const outSize = program.pop();
  if (outSize !== 0n)
    program.memory.extend(Number(BigInt.asIntN(32, outOffset)), Number(BigInt.asIntN(32, outSize)));
  const msg: MessageCall = {
    op,
    energy,
    codeAddress,
    endowment: value,
    inOffset,
    inSize,
    outOffset,
    outSize,
    tokenId,
    isTokenTransfer: op === Op.CALLTOKEN && program.tx.config.allowMultiSign,
  };
  const precompile = precompileFor(codeAddress, program.tx.config);
  if (precompile !== undefined) callToPrecompiledAddress(program, msg, precompile);
  else callToAddress(program, msg);
  program.step();
}

/** Program.checkTokenId (multi-sign on): token id 0 only without a token transfer, else > 1 000 000. */
function checkTokenId(program: Program, msg: MessageCall): void {
  if (!program.tx.config.allowMultiSign) return;
  const signedId = BigInt.asIntN(256, msg.tokenId);
  const constantinople = program.tx.config.allowTvmConstantinople;
  if (signedId > LONG_MAX || signedId < -(1n << 63n)) {
    if (constantinople) {
      program.refundEnergy(msg.energy);
      throw transferException(`${VALIDATE_FAILURE}not valid token id`);
    }
    throw longOverflow();
  }
  if ((signedId <= MIN_TOKEN_ID && signedId !== 0n) || (signedId === 0n && msg.isTokenTransfer)) {
    if (constantinople) {
      program.refundEnergy(msg.energy);
      throw transferException(`${VALIDATE_FAILURE}not valid token id`);
    }
    throw bytecodeExecution(`${VALIDATE_FAILURE}not valid token id`);
  }
}

function isTokenTransfer(program: Program, msg: MessageCall): boolean {
  return program.tx.config.allowMultiSign ? msg.isTokenTransfer : BigInt.asIntN(64, msg.tokenId) !== 0n;
}

/** String.valueOf(tokenId.longValue()). */
function tokenIdString(tokenId: bigint): string {
  return BigInt.asIntN(64, tokenId).toString();
}

/** Program.callToAddress: a message call into code (or a plain transfer to an account without code). */
function callToAddress(program: Program, msg: MessageCall): void {
  const tx = program.tx;
  const config = tx.config;
  program.returnDataBuffer = null;
  if (program.callDepth === MAX_DEPTH) {
    program.push(0n);
    program.refundEnergy(msg.energy);
    return;
  }
  const data = program.memory.read(intValueSafeInt(msg.inOffset), intValueSafeInt(msg.inSize));
  const codeAddress = toTronAddress(msg.codeAddress);
  const sender = program.invoke.address;
  // java-tron compares these by reference: CALLCODE/DELEGATECALL use the sender itself, so no transfer happens.
  const sameContext = msg.op === Op.CALLCODE || msg.op === Op.DELEGATECALL;
  const contextAddress = sameContext ? sender : codeAddress;
  const deposit = program.childState();

  if (msg.endowment > LONG_MAX) {
    if (config.allowTvmConstantinople) {
      program.refundEnergy(msg.energy);
      throw transferException("endowment out of long range");
    }
    throw longOverflow();
  }
  const endowment = msg.endowment;
  checkTokenId(program, msg);
  const tokenTransfer = isTokenTransfer(program, msg);
  const tokenId = tokenTransfer ? tokenIdString(msg.tokenId) : "";
  const senderBalance = tokenTransfer
    ? tx.host.tokens.balance(deposit, sender, tokenId)
    : getBalance(deposit, sender);
  if (senderBalance < endowment) {
    program.push(0n);
    program.refundEnergy(msg.energy);
    return;
  }

  const account = program.state.get(CoreTables.accounts, codeAddress);
  const code = account !== undefined ? (getCode(program.state, codeAddress) ?? EMPTY) : EMPTY;

  let contextBalance = 0n;
  if (tx.byTestingSuite) {
    tx.callCreates.push({
      data,
      destination: contextAddress,
      energyLimit: BigInt(msg.energy),
      value: endowment,
    });
  } else if (!sameContext && endowment > 0n) {
    createAccountIfNotExist(program, deposit, contextAddress);
    if (!tokenTransfer) {
      try {
        validateTrxTransfer(deposit, sender, contextAddress, endowment);
      } catch (e) {
        if (!(e instanceof TransferValidationError)) throw e;
        if (config.allowTvmConstantinople) {
          program.refundEnergy(msg.energy);
          throw transferException(`transfer trx failed: ${e.message}`);
        }
        throw bytecodeExecution(`${VALIDATE_FAILURE}${e.message}`);
      }
      addBalance(deposit, sender, -endowment);
      contextBalance = addBalance(deposit, contextAddress, endowment);
    } else {
      try {
        tx.host.tokens.validateTransfer(deposit, program.props, sender, contextAddress, tokenId, endowment);
      } catch (e) {
        if (!(e instanceof TransferValidationError)) throw e;
        if (config.allowTvmConstantinople) {
          program.refundEnergy(msg.energy);
          throw transferException(`transfer trc10 failed: ${e.message}`);
        }
        throw bytecodeExecution(`${VALIDATE_FAILURE}${e.message}`);
      }
      tx.host.tokens.add(deposit, program.props, sender, tokenId, -endowment);
      tx.host.tokens.add(deposit, program.props, contextAddress, tokenId, endowment);
    }
  }
  void contextBalance;

  tx.nonce++;
  const tokenInfo = tokenTransfer ? new Map([[stripLeadingZeroChars(tokenId), endowment]]) : undefined;
  const internalTx = addInternalTx(
    program,
    sender,
    contextAddress,
    tokenTransfer ? 0n : endowment,
    data,
    "call",
    tokenInfo,
  );
  const childListStart = tx.internalTransactions.length;

  let child: Program | undefined;
  if (code.length > 0 && !tx.byTestingSuite) {
    const callValue = msg.op === Op.DELEGATECALL ? program.invoke.callValue : msg.endowment;
    const logsStart = tx.logs.length;
    const deletedStart = tx.deletedAccounts.length;
    child = new Program(tx, {
      code,
      codeAddress,
      address: contextAddress,
      caller: msg.op === Op.DELEGATECALL ? program.invoke.caller : wordOfAddress(program.invoke.address),
      origin: program.invoke.origin,
      callValue: tokenTransfer ? 0n : callValue,
      tokenValue: tokenTransfer ? callValue : 0n,
      tokenId: tokenTransfer ? msg.tokenId : 0n,
      data,
      energyLimit: msg.energy,
      depth: program.callDepth + 1,
      isStatic: msg.op === Op.STATICCALL || program.invoke.isStatic,
      contractVersion: config.allowTvmCompatibleEvm ? program.contractVersionOf(codeAddress) : 0,
      internalTxHash: internalTx.hash,
      state: deposit,
    });
    child.play();
    program.penaltyTotal += child.penaltyTotal;
    if (child.exception !== undefined || child.revert) {
      internalTx.rejected = true;
      rejectInternalTransactionsFrom(program, childListStart);
      tx.logs.length = logsStart;
      tx.deletedAccounts.length = deletedStart;
      program.push(0n);
      if (child.exception !== undefined) return;
    } else {
      program.state.merge(deposit.changes());
      program.push(1n);
    }
  } else {
    program.state.merge(deposit.changes());
    program.push(1n);
  }

  if (child !== undefined) {
    program.memory.writeLimited(
      Number(BigInt.asIntN(32, msg.outOffset)),
      child.hReturn,
      Number(BigInt.asIntN(32, msg.outSize)),
    );
    program.returnDataBuffer = child.hReturn;
    const refund = msg.energy - child.energyUsed;
    if (refund > 0) program.refundEnergy(refund);
  } else {
    program.refundEnergy(msg.energy);
  }
}

/** Program.callToPrecompiledAddress. */
function callToPrecompiledAddress(
  program: Program,
  msg: MessageCall,
  contract: import("./precompiles/index.js").Precompile,
): void {
  const tx = program.tx;
  program.returnDataBuffer = null;
  if (program.callDepth === MAX_DEPTH) {
    program.push(0n);
    program.refundEnergy(msg.energy);
    return;
  }
  const deposit = program.childState();
  const sender = program.invoke.address;
  const sameContext = msg.op === Op.CALLCODE || msg.op === Op.DELEGATECALL;
  const contextAddress = sameContext ? sender : toTronAddress(msg.codeAddress);
  if (msg.endowment > LONG_MAX) throw longOverflow();
  const endowment = msg.endowment;
  checkTokenId(program, msg);
  const tokenTransfer = isTokenTransfer(program, msg);
  const tokenId = tokenTransfer ? tokenIdString(msg.tokenId) : "";
  const senderBalance = tokenTransfer
    ? tx.host.tokens.balance(deposit, sender, tokenId)
    : getBalance(deposit, sender);
  if (senderBalance < endowment) {
    program.push(0n);
    program.refundEnergy(msg.energy);
    return;
  }
  const data = program.memory.read(intValueSafeInt(msg.inOffset), intValueSafeInt(msg.inSize));
  if (!sameContext && endowment > 0n) {
    if (!tokenTransfer) {
      try {
        transferTrx(deposit, sender, contextAddress, endowment);
      } catch (e) {
        if (!(e instanceof TransferValidationError)) throw e;
        throw bytecodeExecution("transfer failure");
      }
    } else {
      try {
        tx.host.tokens.validateTransfer(deposit, program.props, sender, contextAddress, tokenId, endowment);
      } catch (e) {
        if (!(e instanceof TransferValidationError)) throw e;
        throw bytecodeExecution(`${VALIDATE_FAILURE}${e.message}`);
      }
      tx.host.tokens.add(deposit, program.props, sender, tokenId, -endowment);
      tx.host.tokens.add(deposit, program.props, contextAddress, tokenId, endowment);
    }
  }
  const required = contract.energy(data, program);
  if (required > msg.energy) {
    program.push(0n);
    return;
  }
  // A precompile's work counts against the instruction budget, one step per unit of energy.
  tx.stepsLeft -= required;
  if (tx.stepsLeft < 0) throw notEnoughTime("call");
  const caller = msg.op === Op.DELEGATECALL ? toTronAddress(program.invoke.caller) : program.invoke.address;
  const out = contract.execute(data, { program, caller, state: deposit });
  if (out.success) {
    program.refundEnergy(msg.energy - required);
    program.push(1n);
    program.returnDataBuffer = out.data;
    program.state.merge(deposit.changes());
  } else {
    program.push(0n);
    if (out.exception !== undefined) throw out.exception;
  }
  // java-tron writes the whole output (not just outSize bytes) and extends memory for it.
  program.memory.write(Number(BigInt.asIntN(32, msg.outOffset)), out.data);
}

/** OperationActions.createAction / create2Action → Program.createContract(2). */
export function createAction(program: Program, isCreate2: boolean): void {
  if (program.invoke.isStatic) throw staticCallModification();
  const value = program.pop();
  const inOffset = program.pop();
  const inSize = program.pop();
  const salt = isCreate2 ? program.pop() : 0n;
  const config = program.tx.config;
  if (isCreate2) {
    // Osaka (#96): CREATE2 clears the return data before it starts, as CREATE always did
    if (config.allowTvmOsaka) program.returnDataBuffer = null;
    if (config.allowTvmCompatibleEvm && program.callDepth === MAX_DEPTH) {
      program.push(0n);
    } else {
      const sender = config.allowTvmIstanbul ? program.invoke.address : toTronAddress(program.invoke.caller);
      const code = program.memory.read(
        Number(BigInt.asIntN(32, inOffset)),
        Number(BigInt.asIntN(32, inSize)),
      );
      const address = create2Address(sender, wordBytes(salt), code);
      createContractImpl(program, value, code, address, true);
    }
  } else {
    program.returnDataBuffer = null;
    if (program.callDepth === MAX_DEPTH) {
      program.push(0n);
    } else {
      const code = program.memory.read(
        Number(BigInt.asIntN(32, inOffset)),
        Number(BigInt.asIntN(32, inSize)),
      );
      const address = createAddress(program.tx.rootTransactionId, program.tx.nonce);
      createContractImpl(program, value, code, address, false);
    }
  }
  program.step();
}

/** TransactionUtil.generateContractAddress(rootTxId, nonce): keccak(txId ‖ nonce)[12:] with 0x41. */
export function createAddress(rootTransactionId: Uint8Array, nonce: bigint): Uint8Array {
  const nonceBytes = new Uint8Array(8);
  new DataView(nonceBytes.buffer).setBigInt64(0, BigInt.asIntN(64, nonce));
  return sha3omit12(concatBytes(rootTransactionId, nonceBytes));
}

/** WalletUtil.generateContractAddress2: keccak(deployer21 ‖ salt ‖ keccak(code))[12:] with 0x41. */
export function create2Address(deployer: Uint8Array, salt: Uint8Array, code: Uint8Array): Uint8Array {
  return sha3omit12(concatBytes(deployer, salt, keccak256(code)));
}

function sha3omit12(data: Uint8Array): Uint8Array {
  const hash = keccak256(data);
  const out = new Uint8Array(21);
  out[0] = 0x41;
  out.set(hash.subarray(12), 1);
  return out;
}

function wordBytes(v: bigint): Uint8Array {
  const out = new Uint8Array(32);
  let x = v;
  for (let i = 31; i >= 0; i--) {
    out[i] = Number(x & 0xffn);
    x >>= 8n;
  }
  return out;
}

/** Program.createContractImpl. */
function createContractImpl(
  program: Program,
  value: bigint,
  code: Uint8Array,
  newAddress: Uint8Array,
  isCreate2: boolean,
): void {
  const tx = program.tx;
  const config = tx.config;
  const sender = program.invoke.address;
  if (value > LONG_MAX) throw longOverflow();
  const endowment = value;
  if (getBalance(program.state, sender) < endowment) {
    program.push(0n);
    return;
  }
  const existing = program.state.get(CoreTables.accounts, newAddress);
  let alreadyExists = existing !== undefined;
  if (config.allowTvmConstantinople) {
    alreadyExists = alreadyExists && program.state.get(ContractTables.contracts, newAddress) !== undefined;
  }
  const deposit = program.childState();
  const newContract = () => {
    const contract = create(SmartContractSchema, {
      contractAddress: newAddress,
      consumeUserResourcePercent: 100n,
      originAddress: sender,
    });
    if (config.allowTvmCompatibleEvm) contract.version = program.invoke.contractVersion;
    if (isCreate2 && config.allowTvmConstantinople) contract.trxHash = tx.rootTransactionId;
    return contract;
  };
  if (config.allowTvmConstantinople) {
    if (existing === undefined) {
      createBareAccount(deposit, newAddress, AccountType.Contract, "CreatedByContract");
    } else if (!alreadyExists) {
      deposit.put(
        CoreTables.accounts,
        newAddress,
        clearDelegatedResource({ ...existing, type: AccountType.Contract }),
      );
    }
    if (!alreadyExists) {
      putContract(deposit, newContract());
      markNewContract(deposit, newAddress);
    }
  } else {
    createBareAccount(deposit, newAddress, AccountType.Contract, "CreatedByContract");
    putContract(deposit, newContract());
    markNewContract(deposit, newAddress);
  }

  let newBalance = 0n;
  if (!tx.byTestingSuite && endowment > 0n) {
    try {
      validateTrxTransfer(deposit, sender, newAddress, endowment);
    } catch (e) {
      if (!(e instanceof TransferValidationError)) throw e;
      throw bytecodeExecution(`${VALIDATE_FAILURE}${e.message}`);
    }
    addBalance(deposit, sender, -endowment);
    newBalance = addBalance(deposit, newAddress, endowment);
  }
  void newBalance;

  const energyLimit = createEnergy(program, program.energyLeft);
  program.spendEnergy(energyLimit, "internal call");

  tx.nonce++;
  const internalTx = addInternalTx(program, sender, newAddress, endowment, code, "create");
  const childListStart = tx.internalTransactions.length;
  const logsStart = tx.logs.length;
  const deletedStart = tx.deletedAccounts.length;

  let exception: VmException | undefined;
  let revert = false;
  let hReturn: Uint8Array = new Uint8Array(0);
  let energyUsed = 0;
  if (alreadyExists) {
    exception = bytecodeExecution(
      `Trying to create a contract with existing contract address: 0x${bytesToHex(newAddress)}`,
    );
  } else if (tx.byTestingSuite) {
    // ethereum VMTests record the creation instead of running it
    tx.callCreates.push({
      data: code,
      destination: new Uint8Array(0),
      energyLimit: BigInt(energyLimit),
      value: endowment,
    });
  } else if (code.length > 0) {
    const child = new Program(tx, {
      code,
      codeAddress: newAddress,
      address: newAddress,
      caller: wordOfAddress(program.invoke.address),
      origin: program.invoke.origin,
      callValue: value,
      tokenValue: 0n,
      tokenId: 0n,
      data: new Uint8Array(0),
      energyLimit,
      depth: program.callDepth + 1,
      isStatic: false,
      contractVersion: config.allowTvmCompatibleEvm ? program.invoke.contractVersion : 0,
      internalTxHash: internalTx.hash,
      state: deposit,
    });
    child.play();
    program.penaltyTotal += child.penaltyTotal;
    exception = child.exception;
    revert = child.revert;
    hReturn = child.hReturn;
    energyUsed = child.energyUsed;
  }

  if (hReturn.length !== 0 && config.allowTvmLondon && hReturn[0] === 0xef) exception = invalidCode();
  const saveCodeEnergy = hReturn.length * Energy.CREATE_DATA;
  const afterSpend = energyLimit - energyUsed - saveCodeEnergy;
  if (!revert) {
    if (afterSpend < 0) {
      exception = notEnoughSpendEnergy(
        "No energy to save just created contract code",
        saveCodeEnergy,
        energyLimit - energyUsed,
      );
    } else {
      energyUsed += saveCodeEnergy;
      saveCode(deposit, newAddress, hReturn, config.allowTvmConstantinople);
    }
  }

  if (exception !== undefined || revert) {
    internalTx.rejected = true;
    rejectInternalTransactionsFrom(program, childListStart);
    tx.logs.length = logsStart;
    tx.deletedAccounts.length = deletedStart;
    program.push(0n);
    if (exception !== undefined) return;
    program.returnDataBuffer = hReturn;
  } else {
    if (!tx.byTestingSuite) program.state.merge(deposit.changes());
    program.push(wordFromBytes(newAddress));
  }
  const refund = energyLimit - energyUsed;
  if (refund > 0) program.refundEnergy(refund);
}

/** AccountCapsule.clearDelegatedResource: an account turned contract loses what others delegated to it. */
function clearDelegatedResource(account: Account): Account {
  const resource = account.accountResource ?? create(Account_AccountResourceSchema);
  return {
    ...account,
    acquiredDelegatedFrozenBalanceForBandwidth: 0n,
    acquiredDelegatedFrozenV2BalanceForBandwidth: 0n,
    accountResource: {
      ...resource,
      acquiredDelegatedFrozenBalanceForEnergy: 0n,
      acquiredDelegatedFrozenV2BalanceForEnergy: 0n,
    },
  };
}

/** OperationActions.suicideAction. */
export function suicideAction(program: Program): void {
  if (program.invoke.isStatic) throw staticCallModification();
  if (!canSuicide(program)) {
    program.revert = true;
  } else {
    suicide(program, program.pop());
  }
  program.stopped = true;
}

function stripLeadingZeroChars(id: string): string {
  // java-tron strips leading zero *bytes* of the id's characters; a decimal id has none.
  return id;
}

function intValueSafeInt(v: bigint): number {
  return intValueSafe(v);
}

const EMPTY = new Uint8Array(0);

export { runtimeException };
