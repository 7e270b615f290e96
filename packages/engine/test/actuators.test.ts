/**
 * The four account actuators (java-tron TransferActuator, CreateAccountActuator, UpdateAccountActuator,
 * SetAccountIdActuator): every validation check in java-tron's order with its exact message, through
 * applyTransaction where the pipeline can reach it (reference wire-and-http.md §5, §7) and directly on
 * the actuator where an earlier pipeline step always answers first; then the state effects and fees.
 */
import { describe, expect, it } from "vitest";
import {
  ACTUATORS,
  AccountType,
  addressOfPrivateKey,
  addressToBase58,
  bytesToHex,
  ContractType,
  INT64_MAX,
  Permission_PermissionType,
  Tables,
  utf8Encode,
} from "../src/internal.js";
import {
  ALICE,
  ALICE_KEY,
  BLACKHOLE,
  BOB,
  BOB_KEY,
  GENESIS_TIME,
  genesisConfig,
  newChain,
  WITNESS,
} from "./support/chain-fixture.js";
import {
  account,
  balance,
  CAROL_KEY,
  chainFrom,
  commit,
  contract,
  DAVE_KEY,
  produce,
  prop,
  pushError,
  rawTx,
  sign,
  tx,
  validateDirect,
} from "./support/tx-helpers.js";

const CAROL = addressOfPrivateKey(CAROL_KEY);
const DAVE = addressOfPrivateKey(DAVE_KEY);
const T = ContractType.TransferContract;
const CREATE = ContractType.AccountCreateContract;
const UPDATE = ContractType.AccountUpdateContract;
const SET_ID = ContractType.SetAccountIdContract;
const ALICE_START = 1_000_000_000n;
const CREATE_ACCOUNT_FEE = 100_000n;
const VALIDATE = "CONTRACT_VALIDATE_ERROR";

/** Malformed addresses: short, long, wrong prefix (0xa0, the old testnet byte), empty. */
const BAD_ADDRESSES: [string, Uint8Array][] = [
  ["20 bytes", BOB.slice(1)],
  ["22 bytes", new Uint8Array([...BOB, 0x00])],
  ["prefix 0xa0", new Uint8Array([0xa0, ...BOB.slice(1)])],
  ["prefix 0x00", new Uint8Array([0x00, ...BOB.slice(1)])],
  ["empty", new Uint8Array()],
];

function bytes(n: number, fill = 0x61): Uint8Array {
  return new Uint8Array(n).fill(fill);
}

/** A chain where Bob exists with `amount` sun (sent by Alice, who pays the 0.1 TRX creation bandwidth). */
function chainWithBob(amount = 10_000_000n, parameters: Record<string, bigint> = {}) {
  const state = newChain(parameters);
  commit(state, tx(state, T, { ownerAddress: ALICE, toAddress: BOB, amount }, [ALICE_KEY]));
  return state;
}

/** The pipeline's answer for an owner that is not a valid address: the signer is never its key. */
function signedByAliceNotContained(message: string): void {
  expect(message).toMatch(
    new RegExp(
      `^Validate signature error: [0-9a-f]{130} is signed by ${addressToBase58(ALICE)} but it is not contained of permission\\.$`,
    ),
  );
}

describe("TransferContract validation (java-tron TransferActuator.validate order)", () => {
  it.each(BAD_ADDRESSES)(
    "owner %s: the actuator says `Invalid ownerAddress!`; broadcast fails the signature first",
    (_, bad) => {
      const state = newChain();
      // The owner check is the actuator's first; it wins over every later one (bad to, self, amount 0).
      expect(validateDirect(state, T, { ownerAddress: bad, toAddress: bad, amount: 0n })).toBe(
        "Invalid ownerAddress!",
      );
      // Broadcast: the owner's (missing) account implies a permission keyed by the bad bytes, which
      // no signature can match, so java-tron answers SIGERROR before reaching the actuator.
      const [code, message] = pushError(
        state,
        tx(state, T, { ownerAddress: bad, toAddress: BOB, amount: 1n }, [ALICE_KEY]),
      );
      expect(code).toBe("SIGERROR");
      signedByAliceNotContained(message);
    },
  );

  it.each(BAD_ADDRESSES)("to %s → `Invalid toAddress!`", (_, bad) => {
    const state = newChain();
    const e = pushError(
      state,
      tx(state, T, { ownerAddress: ALICE, toAddress: bad, amount: 0n }, [ALICE_KEY]),
    );
    expect(e).toEqual([VALIDATE, "Contract validate error : Invalid toAddress!"]);
  });

  it("to == owner → `Cannot transfer TRX to yourself.` (before the amount check)", () => {
    const state = newChain();
    const e = pushError(
      state,
      tx(state, T, { ownerAddress: ALICE, toAddress: ALICE, amount: 0n }, [ALICE_KEY]),
    );
    expect(e).toEqual([VALIDATE, "Contract validate error : Cannot transfer TRX to yourself."]);
  });

  it("missing owner: bandwidth reports `account [<base58>] does not exist` before the actuator's `no OwnerAccount`", () => {
    const state = newChain();
    // Carol has no account but signs with her own key: the implied owner permission accepts her.
    const e = pushError(
      state,
      tx(state, T, { ownerAddress: CAROL, toAddress: ALICE, amount: 0n }, [CAROL_KEY]),
    );
    expect(e).toEqual([
      VALIDATE,
      `Contract validate error : account [${addressToBase58(CAROL)}] does not exist`,
    ]);
    expect(validateDirect(state, T, { ownerAddress: CAROL, toAddress: ALICE, amount: 0n })).toBe(
      "Validate TransferContract error, no OwnerAccount.",
    );
  });

  it.each(["0", "-1", "-9223372036854775808"])("amount %s → `Amount must be greater than 0.`", (amount) => {
    const state = newChain({ FORBID_TRANSFER_TO_CONTRACT: 1n });
    const e = pushError(
      state,
      tx(state, T, { ownerAddress: ALICE, toAddress: WITNESS, amount: BigInt(amount) }, [ALICE_KEY]),
    );
    expect(e).toEqual([VALIDATE, "Contract validate error : Amount must be greater than 0."]);
  });

  it("balance: exactly the balance passes, one sun more is `balance is not sufficient.`", () => {
    const state = newChain();
    // To an existing account the bandwidth comes from free net, so the whole balance is available.
    const more = pushError(
      state,
      tx(state, T, { ownerAddress: ALICE, toAddress: WITNESS, amount: ALICE_START + 1n }, [ALICE_KEY]),
    );
    expect(more).toEqual([
      VALIDATE,
      "Contract validate error : Validate TransferContract error, balance is not sufficient.",
    ]);
    commit(
      state,
      tx(state, T, { ownerAddress: ALICE, toAddress: WITNESS, amount: ALICE_START }, [ALICE_KEY]),
    );
    expect(balance(state, ALICE)).toBe(0n);
  });

  it("balance with CREATE_NEW_ACCOUNT_FEE_IN_SYSTEM_CONTRACT: amount + fee must fit what bandwidth left", () => {
    const fee = 1_000_000n;
    const state = newChain({ CREATE_NEW_ACCOUNT_FEE_IN_SYSTEM_CONTRACT: fee });
    // The bandwidth step has already taken CREATE_ACCOUNT_FEE (0.1 TRX) when the actuator checks.
    const max = ALICE_START - CREATE_ACCOUNT_FEE - fee;
    const over = pushError(
      state,
      tx(state, T, { ownerAddress: ALICE, toAddress: BOB, amount: max + 1n }, [ALICE_KEY]),
    );
    expect(over[1]).toBe(
      "Contract validate error : Validate TransferContract error, balance is not sufficient.",
    );
    const blackholeBefore = balance(state, BLACKHOLE);
    const outcome = commit(
      state,
      tx(state, T, { ownerAddress: ALICE, toAddress: BOB, amount: max }, [ALICE_KEY]),
    );
    expect(balance(state, ALICE)).toBe(0n);
    expect(balance(state, BOB)).toBe(max);
    expect(balance(state, BLACKHOLE)).toBe(blackholeBefore + fee + CREATE_ACCOUNT_FEE);
    // TransactionInfo.fee = actuator fee (ret.fee) + net fee.
    expect(outcome.info.fee).toBe(fee + CREATE_ACCOUNT_FEE);
    expect(outcome.info.receipt?.netFee).toBe(CREATE_ACCOUNT_FEE);
    // Sending to an account that exists costs no system-contract fee.
    const toExisting = commit(
      state,
      tx(state, T, { ownerAddress: BOB, toAddress: WITNESS, amount: max }, [BOB_KEY]),
    );
    expect(toExisting.info.fee).toBe(0n);
    expect(balance(state, BOB)).toBe(0n);
  });

  it("int64 overflow of the recipient's balance → `long overflow`", () => {
    const config = genesisConfig();
    const state = chainFrom({
      ...config,
      accounts: [...config.accounts, { address: CAROL, balance: INT64_MAX }],
    });
    const e = pushError(
      state,
      tx(state, T, { ownerAddress: ALICE, toAddress: CAROL, amount: 1n }, [ALICE_KEY]),
    );
    expect(e).toEqual([VALIDATE, "Contract validate error : long overflow"]);
    // Sending from the full account to a fresh one is fine.
    commit(
      state,
      tx(state, T, { ownerAddress: CAROL, toAddress: DAVE, amount: INT64_MAX - 100_000n }, [CAROL_KEY]),
    );
    expect(balance(state, DAVE)).toBe(INT64_MAX - 100_000n);
  });

  it("int64 overflow of amount + system-contract fee → `long overflow` (Math.addExact in the balance check)", () => {
    const state = newChain({ CREATE_NEW_ACCOUNT_FEE_IN_SYSTEM_CONTRACT: 1n });
    const e = pushError(
      state,
      tx(state, T, { ownerAddress: ALICE, toAddress: BOB, amount: INT64_MAX }, [ALICE_KEY]),
    );
    expect(e).toEqual([VALIDATE, "Contract validate error : long overflow"]);
  });

  describe("to a Contract-type account (created by AccountCreateContract type=Contract)", () => {
    function withContractAccount(parameters: Record<string, bigint>) {
      const state = newChain(parameters);
      commit(
        state,
        tx(state, CREATE, { ownerAddress: ALICE, accountAddress: CAROL, type: AccountType.Contract }, [
          ALICE_KEY,
        ]),
      );
      expect(account(state, CAROL)?.type).toBe(AccountType.Contract);
      return state;
    }

    it("FORBID_TRANSFER_TO_CONTRACT=1 → `Cannot transfer TRX to a smartContract.` (before the balance check)", () => {
      const state = withContractAccount({ FORBID_TRANSFER_TO_CONTRACT: 1n });
      const e = pushError(
        state,
        tx(state, T, { ownerAddress: ALICE, toAddress: CAROL, amount: ALICE_START * 10n }, [ALICE_KEY]),
      );
      expect(e).toEqual([VALIDATE, "Contract validate error : Cannot transfer TRX to a smartContract."]);
    });

    it("FORBID_TRANSFER_TO_CONTRACT=0 → allowed", () => {
      const state = withContractAccount({});
      commit(state, tx(state, T, { ownerAddress: ALICE, toAddress: CAROL, amount: 5n }, [ALICE_KEY]));
      expect(balance(state, CAROL)).toBe(5n);
    });

    it("ALLOW_TVM_COMPATIBLE_EVM=1 without a contract in the contract store → `Account type is Contract, but it is not exist in contract store.`", () => {
      const state = withContractAccount({ ALLOW_TVM_COMPATIBLE_EVM: 1n });
      const e = pushError(
        state,
        tx(state, T, { ownerAddress: ALICE, toAddress: CAROL, amount: 5n }, [ALICE_KEY]),
      );
      expect(e).toEqual([
        VALIDATE,
        "Contract validate error : Account type is Contract, but it is not exist in contract store.",
      ]);
      // Both flags: the FORBID check comes first.
      const both = withContractAccount({ ALLOW_TVM_COMPATIBLE_EVM: 1n, FORBID_TRANSFER_TO_CONTRACT: 1n });
      expect(
        pushError(both, tx(both, T, { ownerAddress: ALICE, toAddress: CAROL, amount: 5n }, [ALICE_KEY]))[1],
      ).toBe("Contract validate error : Cannot transfer TRX to a smartContract.");
    });
  });

  it("the actuator's checks run in java-tron's order (direct)", () => {
    const state = newChain({ FORBID_TRANSFER_TO_CONTRACT: 1n });
    const bad = new Uint8Array([0xa0, ...BOB.slice(1)]);
    expect(validateDirect(state, T, { ownerAddress: ALICE, toAddress: bad, amount: 0n })).toBe(
      "Invalid toAddress!",
    );
    expect(validateDirect(state, T, { ownerAddress: CAROL, toAddress: CAROL, amount: 0n })).toBe(
      "Cannot transfer TRX to yourself.",
    );
    expect(validateDirect(state, T, { ownerAddress: CAROL, toAddress: ALICE, amount: 0n })).toBe(
      "Validate TransferContract error, no OwnerAccount.",
    );
    expect(validateDirect(state, T, { ownerAddress: ALICE, toAddress: BOB, amount: -5n })).toBe(
      "Amount must be greater than 0.",
    );
    expect(validateDirect(state, T, { ownerAddress: ALICE, toAddress: BOB, amount: ALICE_START + 1n })).toBe(
      "Validate TransferContract error, balance is not sufficient.",
    );
    expect(
      validateDirect(state, T, { ownerAddress: ALICE, toAddress: BOB, amount: ALICE_START }),
    ).toBeUndefined();
  });
});

describe("TransferContract execution", () => {
  it("creates the recipient (Normal, create_time = head block time, default permissions) and burns to the blackhole", () => {
    const state = newChain();
    const blackholeBefore = balance(state, BLACKHOLE);
    const outcome = commit(
      state,
      tx(state, T, { ownerAddress: ALICE, toAddress: BOB, amount: 1_234n }, [ALICE_KEY]),
    );
    const bob = account(state, BOB)!;
    expect(bob.balance).toBe(1_234n);
    expect(bob.type).toBe(AccountType.Normal);
    expect(bob.createTime).toBe(GENESIS_TIME);
    expect(bytesToHex(bob.address)).toBe(bytesToHex(BOB));
    expect(bob.ownerPermission).toMatchObject({
      type: Permission_PermissionType.Owner,
      id: 0,
      permissionName: "owner",
      threshold: 1n,
      parentId: 0,
    });
    expect(bob.ownerPermission?.keys.map((k) => [bytesToHex(k.address), k.weight])).toEqual([
      [bytesToHex(BOB), 1n],
    ]);
    expect(bob.ownerPermission?.operations.length).toBe(0);
    expect(bob.activePermission).toHaveLength(1);
    expect(bob.activePermission[0]).toMatchObject({
      type: Permission_PermissionType.Active,
      id: 2,
      permissionName: "active",
      threshold: 1n,
    });
    expect(bytesToHex(bob.activePermission[0]!.operations)).toBe(
      "7fff1fc0033e0000000000000000000000000000000000000000000000000000",
    );
    expect(bob.witnessPermission).toBeUndefined();
    expect(balance(state, ALICE)).toBe(ALICE_START - 1_234n - CREATE_ACCOUNT_FEE);
    expect(balance(state, BLACKHOLE)).toBe(blackholeBefore + CREATE_ACCOUNT_FEE);
    expect(prop(state, "BURN_TRX_AMOUNT")).toBe(0n);
    expect(outcome.info.fee).toBe(CREATE_ACCOUNT_FEE);
    expect(outcome.info.receipt?.netFee).toBe(CREATE_ACCOUNT_FEE);
    expect(outcome.info.receipt?.netUsage).toBe(0n);
    expect(bytesToHex(outcome.info.id)).toBe(bytesToHex(outcome.txId));
  });

  it("without ALLOW_MULTI_SIGN the new account has no permission fields", () => {
    const state = newChain({ ALLOW_MULTI_SIGN: 0n });
    commit(state, tx(state, T, { ownerAddress: ALICE, toAddress: BOB, amount: 1n }, [ALICE_KEY]));
    expect(account(state, BOB)?.ownerPermission).toBeUndefined();
    expect(account(state, BOB)?.activePermission).toEqual([]);
  });

  it("with ALLOW_BLACKHOLE_OPTIMIZATION fees go to BURN_TRX_AMOUNT, not the blackhole", () => {
    const state = newChain({
      ALLOW_BLACKHOLE_OPTIMIZATION: 1n,
      CREATE_NEW_ACCOUNT_FEE_IN_SYSTEM_CONTRACT: 1_000_000n,
    });
    const blackholeBefore = balance(state, BLACKHOLE);
    const outcome = commit(
      state,
      tx(state, T, { ownerAddress: ALICE, toAddress: BOB, amount: 1n }, [ALICE_KEY]),
    );
    expect(balance(state, BLACKHOLE)).toBe(blackholeBefore);
    expect(prop(state, "BURN_TRX_AMOUNT")).toBe(1_100_000n);
    expect(outcome.info.fee).toBe(1_100_000n);
    expect(balance(state, ALICE)).toBe(ALICE_START - 1n - 1_100_000n);
  });

  it("create_time is the latest block's timestamp", () => {
    const state = newChain();
    produce(state, [], GENESIS_TIME + 3_000n);
    produce(state, [], GENESIS_TIME + 15_000n);
    commit(state, tx(state, T, { ownerAddress: ALICE, toAddress: BOB, amount: 1n }, [ALICE_KEY]));
    expect(account(state, BOB)?.createTime).toBe(GENESIS_TIME + 15_000n);
  });

  it("to an existing account: free bandwidth, no fee, exact balances", () => {
    const state = chainWithBob(500n);
    const witnessBefore = balance(state, WITNESS);
    const outcome = commit(
      state,
      tx(state, T, { ownerAddress: BOB, toAddress: WITNESS, amount: 499n }, [BOB_KEY]),
    );
    expect(balance(state, BOB)).toBe(1n);
    expect(balance(state, WITNESS)).toBe(witnessBefore + 499n);
    expect(outcome.info.fee).toBe(0n);
    expect(outcome.info.receipt?.netFee).toBe(0n);
    expect(outcome.info.receipt?.netUsage).toBeGreaterThan(0n);
  });
});

describe("AccountCreateContract (java-tron CreateAccountActuator)", () => {
  it.each(BAD_ADDRESSES)(
    "owner %s: `Invalid ownerAddress` directly, SIGERROR through broadcast",
    (_, bad) => {
      const state = newChain();
      expect(validateDirect(state, CREATE, { ownerAddress: bad, accountAddress: bad })).toBe(
        "Invalid ownerAddress",
      );
      const [code, message] = pushError(
        state,
        tx(state, CREATE, { ownerAddress: bad, accountAddress: BOB }, [ALICE_KEY]),
      );
      expect(code).toBe("SIGERROR");
      signedByAliceNotContained(message);
    },
  );

  it("missing owner: bandwidth's message through broadcast; `Account[<hex>] not exists` directly", () => {
    const state = newChain();
    const e = pushError(state, tx(state, CREATE, { ownerAddress: CAROL, accountAddress: DAVE }, [CAROL_KEY]));
    expect(e).toEqual([
      VALIDATE,
      `Contract validate error : account [${addressToBase58(CAROL)}] does not exist`,
    ]);
    expect(validateDirect(state, CREATE, { ownerAddress: CAROL, accountAddress: DAVE })).toBe(
      `Account[${bytesToHex(CAROL)}] not exists`,
    );
  });

  it("balance below CREATE_NEW_ACCOUNT_FEE_IN_SYSTEM_CONTRACT (after bandwidth) → `insufficient fee.`, checked before the new address", () => {
    const fee = 1_000_000n;
    const state = chainWithBob(fee + CREATE_ACCOUNT_FEE - 1n, {
      CREATE_NEW_ACCOUNT_FEE_IN_SYSTEM_CONTRACT: fee,
    });
    const insufficient = "Contract validate error : Validate CreateAccountActuator error, insufficient fee.";
    expect(
      pushError(state, tx(state, CREATE, { ownerAddress: BOB, accountAddress: CAROL }, [BOB_KEY])),
    ).toEqual([VALIDATE, insufficient]);
    expect(
      pushError(
        state,
        tx(state, CREATE, { ownerAddress: BOB, accountAddress: new Uint8Array() }, [BOB_KEY]),
      )[1],
    ).toBe(insufficient);

    const exact = chainWithBob(fee + CREATE_ACCOUNT_FEE, { CREATE_NEW_ACCOUNT_FEE_IN_SYSTEM_CONTRACT: fee });
    const blackholeBefore = balance(exact, BLACKHOLE);
    const outcome = commit(exact, tx(exact, CREATE, { ownerAddress: BOB, accountAddress: CAROL }, [BOB_KEY]));
    expect(balance(exact, BOB)).toBe(0n);
    expect(account(exact, CAROL)?.balance).toBe(0n);
    expect(balance(exact, BLACKHOLE)).toBe(blackholeBefore + fee + CREATE_ACCOUNT_FEE);
    expect(outcome.info.fee).toBe(fee + CREATE_ACCOUNT_FEE);
    expect(outcome.info.receipt?.netFee).toBe(CREATE_ACCOUNT_FEE);
  });

  it.each(BAD_ADDRESSES)("account_address %s → `Invalid account address`", (_, bad) => {
    const state = newChain();
    const e = pushError(state, tx(state, CREATE, { ownerAddress: ALICE, accountAddress: bad }, [ALICE_KEY]));
    expect(e).toEqual([VALIDATE, "Contract validate error : Invalid account address"]);
  });

  it("an existing account → `Account has existed`", () => {
    const state = newChain();
    for (const existing of [WITNESS, ALICE, BLACKHOLE]) {
      const e = pushError(
        state,
        tx(state, CREATE, { ownerAddress: ALICE, accountAddress: existing }, [ALICE_KEY]),
      );
      expect(e).toEqual([VALIDATE, "Contract validate error : Account has existed"]);
    }
  });

  it("creates the account with the contract's type, create_time and default permissions; 0.1 TRX bandwidth", () => {
    const state = newChain();
    produce(state, [], GENESIS_TIME + 6_000n);
    const blackholeBefore = balance(state, BLACKHOLE);
    const outcome = commit(
      state,
      tx(state, CREATE, { ownerAddress: ALICE, accountAddress: CAROL, type: AccountType.AssetIssue }, [
        ALICE_KEY,
      ]),
    );
    const carol = account(state, CAROL)!;
    expect(carol.type).toBe(AccountType.AssetIssue);
    expect(carol.balance).toBe(0n);
    expect(carol.createTime).toBe(GENESIS_TIME + 6_000n);
    expect(carol.ownerPermission?.keys[0]?.address).toEqual(CAROL);
    expect(carol.activePermission[0]?.id).toBe(2);
    expect(balance(state, ALICE)).toBe(ALICE_START - CREATE_ACCOUNT_FEE);
    expect(balance(state, BLACKHOLE)).toBe(blackholeBefore + CREATE_ACCOUNT_FEE);
    expect(outcome.info.fee).toBe(CREATE_ACCOUNT_FEE);
  });

  it("without ALLOW_MULTI_SIGN: no permissions; with ALLOW_BLACKHOLE_OPTIMIZATION: the fee is burned", () => {
    const state = newChain({
      ALLOW_MULTI_SIGN: 0n,
      ALLOW_BLACKHOLE_OPTIMIZATION: 1n,
      CREATE_NEW_ACCOUNT_FEE_IN_SYSTEM_CONTRACT: 7n,
    });
    const blackholeBefore = balance(state, BLACKHOLE);
    commit(state, tx(state, CREATE, { ownerAddress: ALICE, accountAddress: CAROL }, [ALICE_KEY]));
    expect(account(state, CAROL)?.ownerPermission).toBeUndefined();
    expect(account(state, CAROL)?.activePermission).toEqual([]);
    expect(account(state, CAROL)?.type).toBe(AccountType.Normal);
    expect(balance(state, BLACKHOLE)).toBe(blackholeBefore);
    expect(prop(state, "BURN_TRX_AMOUNT")).toBe(CREATE_ACCOUNT_FEE + 7n);
    expect(balance(state, ALICE)).toBe(ALICE_START - CREATE_ACCOUNT_FEE - 7n);
  });
});

describe("AccountUpdateContract (java-tron UpdateAccountActuator)", () => {
  it("a name longer than 200 bytes → `Invalid accountName` (the first check, before the owner)", () => {
    const state = chainWithBob();
    const e = pushError(state, tx(state, UPDATE, { ownerAddress: BOB, accountName: bytes(201) }, [BOB_KEY]));
    expect(e).toEqual([VALIDATE, "Contract validate error : Invalid accountName"]);
    expect(validateDirect(state, UPDATE, { ownerAddress: new Uint8Array(), accountName: bytes(201) })).toBe(
      "Invalid accountName",
    );
    // 200 bytes, multi-byte UTF-8 included, is fine: the limit is in bytes.
    commit(
      state,
      tx(state, UPDATE, { ownerAddress: BOB, accountName: utf8Encode("é".repeat(100)) }, [BOB_KEY]),
    );
    expect(account(state, BOB)?.accountName.length).toBe(200);
  });

  it.each(BAD_ADDRESSES)(
    "owner %s: `Invalid ownerAddress` directly, SIGERROR through broadcast",
    (_, bad) => {
      const state = newChain();
      expect(validateDirect(state, UPDATE, { ownerAddress: bad, accountName: utf8Encode("x") })).toBe(
        "Invalid ownerAddress",
      );
      const [code, message] = pushError(
        state,
        tx(state, UPDATE, { ownerAddress: bad, accountName: utf8Encode("x") }, [ALICE_KEY]),
      );
      expect(code).toBe("SIGERROR");
      signedByAliceNotContained(message);
    },
  );

  it("missing owner: bandwidth's message through broadcast; `Account does not exist` directly", () => {
    const state = newChain();
    const e = pushError(
      state,
      tx(state, UPDATE, { ownerAddress: CAROL, accountName: utf8Encode("carol") }, [CAROL_KEY]),
    );
    expect(e).toEqual([
      VALIDATE,
      `Contract validate error : account [${addressToBase58(CAROL)}] does not exist`,
    ]);
    expect(validateDirect(state, UPDATE, { ownerAddress: CAROL, accountName: utf8Encode("carol") })).toBe(
      "Account does not exist",
    );
  });

  it("an empty name is allowed (and leaves the name unset)", () => {
    const state = chainWithBob();
    const outcome = commit(
      state,
      tx(state, UPDATE, { ownerAddress: BOB, accountName: new Uint8Array() }, [BOB_KEY]),
    );
    expect(outcome.info.fee).toBe(0n);
    expect(account(state, BOB)?.accountName.length).toBe(0);
    commit(state, tx(state, UPDATE, { ownerAddress: BOB, accountName: utf8Encode("bob") }, [BOB_KEY]));
    expect(account(state, BOB)?.accountName).toEqual(utf8Encode("bob"));
  });

  it("sets the name, indexes name → address, costs no fee", () => {
    const state = chainWithBob();
    const bobBefore = balance(state, BOB);
    const outcome = commit(
      state,
      tx(state, UPDATE, { ownerAddress: BOB, accountName: utf8Encode("bob") }, [BOB_KEY]),
    );
    expect(account(state, BOB)?.accountName).toEqual(utf8Encode("bob"));
    expect(state.get(Tables.accountNameIndex, utf8Encode("bob"))).toEqual(BOB);
    expect(outcome.info.fee).toBe(0n);
    expect(balance(state, BOB)).toBe(bobBefore);
  });

  it("a name already set → `This account name is already existed` (genesis names count)", () => {
    const state = chainWithBob();
    const e = pushError(
      state,
      tx(state, UPDATE, { ownerAddress: ALICE, accountName: utf8Encode("alice2") }, [ALICE_KEY]),
    );
    expect(e).toEqual([VALIDATE, "Contract validate error : This account name is already existed"]);
    commit(state, tx(state, UPDATE, { ownerAddress: BOB, accountName: utf8Encode("bob") }, [BOB_KEY]));
    expect(
      pushError(
        state,
        tx(state, UPDATE, { ownerAddress: BOB, accountName: utf8Encode("bob2") }, [BOB_KEY]),
      )[1],
    ).toBe("Contract validate error : This account name is already existed");
  });

  it("a name another account holds → `This name is existed` (exact bytes; genesis names are indexed)", () => {
    const state = chainWithBob();
    commit(state, tx(state, T, { ownerAddress: ALICE, toAddress: CAROL, amount: 10_000_000n }, [ALICE_KEY]));
    commit(state, tx(state, UPDATE, { ownerAddress: CAROL, accountName: utf8Encode("carol") }, [CAROL_KEY]));
    const taken = "Contract validate error : This name is existed";
    expect(
      pushError(state, tx(state, UPDATE, { ownerAddress: BOB, accountName: utf8Encode("carol") }, [BOB_KEY])),
    ).toEqual([VALIDATE, taken]);
    // java-tron's Manager.initAccount puts every genesis account's name into account-index.
    expect(
      pushError(
        state,
        tx(state, UPDATE, { ownerAddress: BOB, accountName: utf8Encode("Zion") }, [BOB_KEY]),
      )[1],
    ).toBe(taken);
    // The index is byte-exact: another case is a different name.
    commit(state, tx(state, UPDATE, { ownerAddress: BOB, accountName: utf8Encode("CAROL") }, [BOB_KEY]));
    expect(state.get(Tables.accountNameIndex, utf8Encode("CAROL"))).toEqual(BOB);
  });

  it("ALLOW_UPDATE_ACCOUNT_NAME=1 allows renaming and taking an indexed name", () => {
    const state = chainWithBob(10_000_000n, { ALLOW_UPDATE_ACCOUNT_NAME: 1n });
    commit(state, tx(state, UPDATE, { ownerAddress: ALICE, accountName: utf8Encode("alice2") }, [ALICE_KEY]));
    expect(account(state, ALICE)?.accountName).toEqual(utf8Encode("alice2"));
    commit(state, tx(state, UPDATE, { ownerAddress: BOB, accountName: utf8Encode("alice2") }, [BOB_KEY]));
    expect(account(state, BOB)?.accountName).toEqual(utf8Encode("alice2"));
    expect(state.get(Tables.accountNameIndex, utf8Encode("alice2"))).toEqual(BOB);
  });
});

describe("SetAccountIdContract (java-tron SetAccountIdActuator)", () => {
  const invalid = "Contract validate error : Invalid accountId";

  it.each([
    ["7 bytes", bytes(7), false],
    ["8 bytes", bytes(8), true],
    ["32 bytes", bytes(32), true],
    ["33 bytes", bytes(33), false],
    ["empty", new Uint8Array(), false],
    ["a space (0x20)", new Uint8Array([...bytes(8), 0x20]), false],
    ["DEL (0x7f)", new Uint8Array([...bytes(8), 0x7f]), false],
    ["0x80", new Uint8Array([...bytes(8), 0x80]), false],
    ["'!' (0x21) and '~' (0x7e)", new Uint8Array([0x21, ...bytes(6), 0x7e]), true],
  ] as const)("id of %s: valid = %s", (_, id, valid) => {
    const state = chainWithBob();
    const t = tx(state, SET_ID, { ownerAddress: BOB, accountId: id }, [BOB_KEY]);
    if (valid) {
      commit(state, t);
      expect(account(state, BOB)?.accountId).toEqual(id);
    } else {
      expect(pushError(state, t)).toEqual([VALIDATE, invalid]);
    }
  });

  it("the id is checked before the owner (direct)", () => {
    const state = newChain();
    expect(validateDirect(state, SET_ID, { ownerAddress: new Uint8Array(), accountId: bytes(7) })).toBe(
      "Invalid accountId",
    );
  });

  it.each(BAD_ADDRESSES)(
    "owner %s: `Invalid ownerAddress` directly, SIGERROR through broadcast",
    (_, bad) => {
      const state = newChain();
      expect(validateDirect(state, SET_ID, { ownerAddress: bad, accountId: bytes(8) })).toBe(
        "Invalid ownerAddress",
      );
      const [code, message] = pushError(
        state,
        tx(state, SET_ID, { ownerAddress: bad, accountId: bytes(8) }, [ALICE_KEY]),
      );
      expect(code).toBe("SIGERROR");
      signedByAliceNotContained(message);
    },
  );

  it("missing owner: bandwidth's message through broadcast; `Account has not existed` directly", () => {
    const state = newChain();
    const e = pushError(state, tx(state, SET_ID, { ownerAddress: CAROL, accountId: bytes(8) }, [CAROL_KEY]));
    expect(e).toEqual([
      VALIDATE,
      `Contract validate error : account [${addressToBase58(CAROL)}] does not exist`,
    ]);
    expect(validateDirect(state, SET_ID, { ownerAddress: CAROL, accountId: bytes(8) })).toBe(
      "Account has not existed",
    );
  });

  it("an id already set → `This account id already set`", () => {
    const state = newChain();
    commit(
      state,
      tx(state, SET_ID, { ownerAddress: ALICE, accountId: utf8Encode("AliceId01") }, [ALICE_KEY]),
    );
    const e = pushError(
      state,
      tx(state, SET_ID, { ownerAddress: ALICE, accountId: utf8Encode("AliceId02") }, [ALICE_KEY]),
    );
    expect(e).toEqual([VALIDATE, "Contract validate error : This account id already set"]);
  });

  it("an id taken in any case → `This id has existed`; the account keeps the original case, the index the lower case", () => {
    const state = chainWithBob();
    const outcome = commit(
      state,
      tx(state, SET_ID, { ownerAddress: ALICE, accountId: utf8Encode("AliceId01") }, [ALICE_KEY]),
    );
    expect(outcome.info.fee).toBe(0n);
    expect(account(state, ALICE)?.accountId).toEqual(utf8Encode("AliceId01"));
    expect(state.get(Tables.accountIdIndex, utf8Encode("aliceid01"))).toEqual(ALICE);
    expect(state.get(Tables.accountIdIndex, utf8Encode("AliceId01"))).toBeUndefined();
    for (const variant of ["aliceid01", "ALICEID01", "AliceId01"]) {
      const e = pushError(
        state,
        tx(state, SET_ID, { ownerAddress: BOB, accountId: utf8Encode(variant) }, [BOB_KEY]),
      );
      expect(e).toEqual([VALIDATE, "Contract validate error : This id has existed"]);
    }
    commit(state, tx(state, SET_ID, { ownerAddress: BOB, accountId: utf8Encode("AliceId010") }, [BOB_KEY]));
    expect(state.get(Tables.accountIdIndex, utf8Encode("aliceid010"))).toEqual(BOB);
  });
});

describe("the Any type check (contract type error …)", () => {
  it("each actuator carries java-tron's own spelling", () => {
    const any = "class com.google.protobuf.Any";
    expect(ACTUATORS.get(T)?.typeErrorMessage).toBe(
      `contract type error, expected type [TransferContract], real type [${any}]`,
    );
    expect(ACTUATORS.get(CREATE)?.typeErrorMessage).toBe(
      `contract type error,expected type [AccountCreateContract],real type[${any}]`,
    );
    expect(ACTUATORS.get(UPDATE)?.typeErrorMessage).toBe(
      `contract type error, expected type [AccountUpdateContract], real type[${any}]`,
    );
    expect(ACTUATORS.get(SET_ID)?.typeErrorMessage).toBe(
      `contract type error,expected type [SetAccountIdContract],real type[${any}]`,
    );
  });

  /**
   * java-tron reads the owner with TransactionCapsule.getOwner, which unpacks the Any by the contract
   * type's class and returns an empty owner when the type URL does not match. The signature check then
   * weighs the signer against the implied permission of that empty owner, so a re-signed transaction
   * with a tampered type URL is refused as SIGERROR before any actuator runs.
   */
  it.each([
    [
      "TransferContract",
      T,
      { ownerAddress: ALICE, toAddress: BOB, amount: 1n },
      "type.googleapis.com/protocol.AccountCreateContract",
    ],
    ["TransferContract", T, { ownerAddress: ALICE, toAddress: BOB, amount: 1n }, "protocol.TransferContract"],
    [
      "AccountCreateContract",
      CREATE,
      { ownerAddress: ALICE, accountAddress: BOB },
      "type.googleapis.com/protocol.TransferContract",
    ],
    [
      "AccountUpdateContract",
      UPDATE,
      { ownerAddress: ALICE, accountName: utf8Encode("x") },
      "type.googleapis.com/protocol.AccountUpdateContract2",
    ],
    ["SetAccountIdContract", SET_ID, { ownerAddress: ALICE, accountId: bytes(8) }, ""],
  ] as const)("%s with type URL %j → SIGERROR (empty owner)", (_, type, parameter, typeUrl) => {
    const state = newChain();
    const t = rawTx(state, [contract(type, parameter)]);
    t.rawData!.contract[0]!.parameter!.typeUrl = typeUrl;
    sign(t, [ALICE_KEY]);
    const [code, message] = pushError(state, t);
    expect(code).toBe("SIGERROR");
    signedByAliceNotContained(message);
    // With the signatures taken as verified, bandwidth is next and finds no account for the empty owner
    // (base58check of zero bytes is "3QJmnh").
    expect(pushError(state, t, { isVerified: () => true })).toEqual([
      VALIDATE,
      "Contract validate error : account [3QJmnh] does not exist",
    ]);
  });

  it("only the text after the last '/' matters (protobuf Any.is)", () => {
    const state = newChain();
    const t = rawTx(state, [contract(T, { ownerAddress: ALICE, toAddress: WITNESS, amount: 3n })]);
    t.rawData!.contract[0]!.parameter!.typeUrl = "example.com/any/prefix/protocol.TransferContract";
    sign(t, [ALICE_KEY]);
    commit(state, t);
    expect(balance(state, ALICE)).toBe(ALICE_START - 3n);
  });
});
