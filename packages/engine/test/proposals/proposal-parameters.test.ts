/**
 * ProposalUtil's checks for every proposable parameter, each with java-tron's exact text, through
 * ProposalCreateContract's validate (the witness and account checks before them, the wire order of
 * the parameters deciding which failure is reported).
 */
import { create } from "@bufbuild/protobuf";
import { AnySchema } from "@bufbuild/protobuf/wkt";
import { describe, expect, it } from "vitest";
import {
  ACTUATORS,
  bytesToHex,
  ContractType,
  encodeProposalCreateContract,
  type MemoryState,
  MutableChainProperties,
  PROPOSAL_PARAMETERS,
  type PropertyName,
  StateOverlay,
  Transaction_ContractSchema,
  TronodeError,
  unpackContract,
} from "../../src/internal.js";
import { ALICE, newChain, WITNESS } from "../support/chain-fixture.js";
import { edit } from "../support/tx-helpers.js";

type Entry = readonly [bigint, bigint];

function proposalContract(owner: Uint8Array, entries: readonly Entry[]) {
  return create(Transaction_ContractSchema, {
    type: ContractType.ProposalCreateContract,
    parameter: create(AnySchema, {
      typeUrl: "type.googleapis.com/protocol.ProposalCreateContract",
      value: encodeProposalCreateContract(owner, entries),
    }),
  });
}

/** ProposalCreateContract.validate's message for `entries` proposed by `owner` (undefined = valid). */
export function createMessage(
  state: MemoryState,
  entries: readonly Entry[],
  owner = WITNESS,
): string | undefined {
  const actuator = ACTUATORS.get(ContractType.ProposalCreateContract)!;
  const overlay = new StateOverlay(state);
  const contract = proposalContract(owner, entries);
  try {
    actuator.validate(
      { state: overlay, props: new MutableChainProperties(overlay), txId: new Uint8Array(32), contract },
      unpackContract(contract).value,
    );
    return undefined;
  } catch (e) {
    if (e instanceof TronodeError) return e.message;
    throw e;
  }
}

const LONG_ERR = "Bad chain parameter value, valid range is [0,100000000000000000]";
const SUPPLY_ERR = "Bad chain parameter value, valid range is [0, 100_000_000_000L]";
const only1 = (name: string) => `This value[${name}] is only allowed to be 1`;
const zeroOr1 = (name: string) => `This value[${name}] is only allowed to be 1 or 0`;
const before = (dep: string, name: string) =>
  `[${dep}] proposal must be approved before [${name}] can be proposed`;
const once = (name: string) => `[${name}] has been valid, no need to propose again`;

/** [id, value, chain parameters, expected message (undefined = accepted)] */
const CASES: [number, bigint, Record<string, bigint>, string | undefined][] = [
  [0, 80_999n, {}, "Bad chain parameter value, valid range is [3 * 27 * 1000,24 * 3600 * 1000]"],
  [0, 81_000n, {}, undefined],
  [0, 86_400_000n, {}, undefined],
  [0, 86_400_001n, {}, "Bad chain parameter value, valid range is [3 * 27 * 1000,24 * 3600 * 1000]"],
  ...[1, 2, 3, 4, 5, 6, 7, 8].flatMap(
    (id): [number, bigint, Record<string, bigint>, string | undefined][] => [
      [id, -1n, {}, LONG_ERR],
      [id, 0n, {}, undefined],
      [id, 100_000_000_000_000_000n, {}, undefined],
      [id, 100_000_000_000_000_001n, {}, LONG_ERR],
    ],
  ),
  [9, 0n, {}, only1("ALLOW_CREATION_OF_CONTRACTS")],
  [9, 1n, {}, undefined],
  [10, 2n, {}, only1("REMOVE_THE_POWER_OF_THE_GR")],
  [10, 1n, {}, undefined],
  [
    10,
    1n,
    { REMOVE_THE_POWER_OF_THE_GR: -1n },
    "This proposal has been executed before and is only allowed to be executed once",
  ],
  // ENERGY_FEE and EXCHANGE_CREATE_FEE: no check at all
  [11, -5n, {}, undefined],
  [12, -5n, {}, undefined],
  [13, 9n, {}, "Bad chain parameter value, valid range is [10,100]"],
  [13, 101n, {}, "Bad chain parameter value, valid range is [10,100]"],
  [13, 100n, {}, undefined],
  [13, 400n, { ALLOW_HIGHER_LIMIT_FOR_MAX_CPU_TIME_OF_ONE_TX: 1n }, undefined],
  [
    13,
    401n,
    { ALLOW_HIGHER_LIMIT_FOR_MAX_CPU_TIME_OF_ONE_TX: 1n },
    "Bad chain parameter value, valid range is [10,400]",
  ],
  [14, 0n, {}, only1("ALLOW_UPDATE_ACCOUNT_NAME")],
  [15, 2n, {}, only1("ALLOW_SAME_TOKEN_NAME")],
  [16, 0n, {}, only1("ALLOW_DELEGATE_RESOURCE")],
  // deprecated: the ENERGY_LIMIT fork (block 4 727 890) has not passed on a new chain
  [17, 1n, {}, "Bad chain parameter id"],
  [18, 0n, {}, only1("ALLOW_TVM_TRANSFER_TRC10")],
  [18, 1n, {}, before("ALLOW_SAME_TOKEN_NAME", "ALLOW_TVM_TRANSFER_TRC10")],
  [18, 1n, { ALLOW_SAME_TOKEN_NAME: 1n }, undefined],
  [19, -1n, {}, LONG_ERR],
  [19, 90_000_000_000n, {}, undefined],
  [20, 0n, {}, only1("ALLOW_MULTI_SIGN")],
  [21, 2n, {}, only1("ALLOW_ADAPTIVE_ENERGY")],
  [22, 100_000_000_001n, {}, SUPPLY_ERR],
  [22, 100_000_000_000n, {}, undefined],
  [23, -1n, {}, SUPPLY_ERR],
  [24, 2n, {}, zeroOr1("ALLOW_PROTO_FILTER_NUM")],
  [24, 0n, {}, undefined],
  [25, -1n, {}, zeroOr1("ALLOW_ACCOUNT_STATE_ROOT")],
  [26, 0n, {}, only1("ALLOW_TVM_CONSTANTINOPLE")],
  [26, 1n, {}, before("ALLOW_TVM_TRANSFER_TRC10", "ALLOW_TVM_CONSTANTINOPLE")],
  [26, 1n, { ALLOW_TVM_TRANSFER_TRC10: 1n }, undefined],
  [32, 1n, {}, before("ALLOW_CREATION_OF_CONTRACTS", "ALLOW_TVM_SOLIDITY_059")],
  [32, 1n, { ALLOW_CREATION_OF_CONTRACTS: 1n }, undefined],
  [33, 0n, {}, "Bad chain parameter value, valid range is [1,1_000]"],
  [33, 1_001n, {}, "Bad chain parameter value, valid range is [1,1_000]"],
  [33, 1_000n, {}, undefined],
  [29, 0n, {}, "Bad chain parameter value, valid range is [1,10_000]"],
  [29, 10_001n, {}, "Bad chain parameter value, valid range is [1,10_000]"],
  [30, 2n, {}, zeroOr1("ALLOW_CHANGE_DELEGATION")],
  [30, 0n, {}, undefined],
  [31, LONG_VALUE_PLUS_1(), {}, LONG_ERR],
  [35, 0n, {}, "This value[FORBID_TRANSFER_TO_CONTRACT] is only allowed to be 1"],
  [35, 1n, {}, before("ALLOW_CREATION_OF_CONTRACTS", "FORBID_TRANSFER_TO_CONTRACT")],
  [40, 0n, {}, only1("ALLOW_PBFT")],
  [41, 0n, {}, only1("ALLOW_TVM_ISTANBUL")],
  [39, 3n, {}, zeroOr1("ALLOW_SHIELDED_TRC20_TRANSACTION")],
  [44, 0n, {}, only1("ALLOW_MARKET_TRANSACTION")],
  [44, 1n, {}, undefined],
  [45, 1n, {}, "Market Transaction is not activated, can not set Market Sell Fee"],
  [
    45,
    10_000_000_001n,
    { ALLOW_MARKET_TRANSACTION: 1n },
    "Bad MARKET_SELL_FEE parameter value, valid range is [0,10_000_000_000L]",
  ],
  [45, 10_000_000_000n, { ALLOW_MARKET_TRANSACTION: 1n }, undefined],
  [46, 1n, {}, "Market Transaction is not activated, can not set Market Cancel Fee"],
  [
    46,
    -1n,
    { ALLOW_MARKET_TRANSACTION: 1n },
    "Bad MARKET_CANCEL_FEE parameter value, valid range is [0,10_000_000_000L]",
  ],
  [47, -1n, {}, "Bad MAX_FEE_LIMIT parameter value, value must not be negative"],
  [47, 10_000_000_001n, {}, "Bad MAX_FEE_LIMIT parameter value, valid range is [0,10_000_000_000L]"],
  [47, 10_000_000_001n, { ALLOW_TVM_LONDON: 1n }, undefined],
  [47, LONG_VALUE_PLUS_1(), { ALLOW_TVM_LONDON: 1n }, LONG_ERR],
  [48, 2n, {}, zeroOr1("ALLOW_TRANSACTION_FEE_POOL")],
  [49, 2n, {}, zeroOr1("ALLOW_REMOVE_BLACKHOLE")],
  [51, 0n, {}, only1("ALLOW_NEW_RESOURCE_MODEL")],
  [52, 0n, {}, only1("ALLOW_TVM_FREEZE")],
  [52, 1n, {}, before("ALLOW_DELEGATE_RESOURCE", "ALLOW_TVM_FREEZE")],
  [
    52,
    1n,
    { ALLOW_DELEGATE_RESOURCE: 1n, ALLOW_MULTI_SIGN: 0n },
    before("ALLOW_MULTI_SIGN", "ALLOW_TVM_FREEZE"),
  ],
  [52, 1n, { ALLOW_DELEGATE_RESOURCE: 1n }, before("ALLOW_TVM_CONSTANTINOPLE", "ALLOW_TVM_FREEZE")],
  [
    52,
    1n,
    { ALLOW_DELEGATE_RESOURCE: 1n, ALLOW_TVM_CONSTANTINOPLE: 1n },
    before("ALLOW_TVM_SOLIDITY_059", "ALLOW_TVM_FREEZE"),
  ],
  [
    52,
    1n,
    { ALLOW_DELEGATE_RESOURCE: 1n, ALLOW_TVM_CONSTANTINOPLE: 1n, ALLOW_TVM_SOLIDITY_059: 1n },
    undefined,
  ],
  [59, 0n, {}, only1("ALLOW_TVM_VOTE")],
  [59, 1n, {}, before("ALLOW_CHANGE_DELEGATION", "ALLOW_TVM_VOTE")],
  [61, 100_001n, {}, "Bad chain parameter value, valid range is [0,100_000]"],
  [61, 100_000n, {}, undefined],
  [62, 1_000_000_000_001n, {}, "Bad chain parameter value, valid range is [0, 1_000_000_000_000L]"],
  [53, 0n, {}, only1("ALLOW_ACCOUNT_ASSET_OPTIMIZATION")],
  [63, 0n, {}, only1("ALLOW_TVM_LONDON")],
  [60, 0n, {}, only1("ALLOW_TVM_COMPATIBLE_EVM")],
  [65, 0n, {}, only1("ALLOW_HIGHER_LIMIT_FOR_MAX_CPU_TIME_OF_ONE_TX")],
  [66, 0n, {}, only1("ALLOW_ASSET_OPTIMIZATION")],
  [67, 0n, {}, only1("ALLOW_NEW_REWARD")],
  [67, 0n, { ALLOW_NEW_REWARD: 1n }, "New reward has been valid."],
  [68, 1_000_000_001n, {}, "This value[MEMO_FEE] is only allowed to be in the range 0-1000_000_000"],
  [68, 1_000_000_000n, {}, undefined],
  [69, 0n, {}, only1("ALLOW_DELEGATE_OPTIMIZATION")],
  [70, 0n, {}, "This value[UNFREEZE_DELAY_DAYS] is only allowed to be in the range 1-365"],
  [70, 366n, {}, "This value[UNFREEZE_DELAY_DAYS] is only allowed to be in the range 1-365"],
  [70, 365n, {}, undefined],
  [71, 0n, {}, only1("ALLOW_OPTIMIZED_RETURN_VALUE_OF_CHAIN_ID")],
  [72, 2n, {}, "This value[ALLOW_DYNAMIC_ENERGY] is only allowed to be in the range 0-1"],
  [
    72,
    1n,
    {},
    "[ALLOW_CHANGE_DELEGATION] proposal must be approved before [ALLOW_DYNAMIC_ENERGY] can be opened",
  ],
  [72, 0n, {}, undefined],
  [73, -1n, {}, LONG_ERR],
  [74, 10_001n, {}, "This value[DYNAMIC_ENERGY_INCREASE_FACTOR] is only allowed to be in the range 0-10000"],
  [75, 100_001n, {}, "This value[DYNAMIC_ENERGY_MAX_FACTOR] is only allowed to be in the range 0-100000"],
  [76, 0n, {}, only1("ALLOW_TVM_SHANGHAI")],
  [77, 0n, {}, only1("ALLOW_CANCEL_ALL_UNFREEZE_V2")],
  [77, 1n, {}, before("UNFREEZE_DELAY_DAYS", "ALLOW_CANCEL_ALL_UNFREEZE_V2")],
  [77, 1n, { UNFREEZE_DELAY_DAYS: 1n }, undefined],
  [
    78,
    86_400n,
    {},
    "This value[MAX_DELEGATE_LOCK_PERIOD] is only allowed to be greater than 86400 and less than or equal to 10512000 !",
  ],
  [
    78,
    10_512_001n,
    {},
    "This value[MAX_DELEGATE_LOCK_PERIOD] is only allowed to be greater than 86400 and less than or equal to 10512000 !",
  ],
  [78, 86_401n, {}, before("UNFREEZE_DELAY_DAYS", "MAX_DELEGATE_LOCK_PERIOD")],
  [78, 10_512_000n, { UNFREEZE_DELAY_DAYS: 3n }, undefined],
  [79, 1n, { ALLOW_OLD_REWARD_OPT: 1n }, once("ALLOW_OLD_REWARD_OPT")],
  [79, 2n, {}, only1("ALLOW_OLD_REWARD_OPT")],
  [
    79,
    1n,
    {},
    "[ALLOW_NEW_REWARD] or [ALLOW_TVM_VOTE] proposal must be approved before [ALLOW_OLD_REWARD_OPT] can be proposed",
  ],
  [
    79,
    1n,
    { ALLOW_NEW_REWARD: 1n },
    "[ALLOW_NEW_REWARD] or [ALLOW_TVM_VOTE] proposal must be approved before [ALLOW_OLD_REWARD_OPT] can be proposed",
  ],
  [79, 1n, { NEW_REWARD_ALGORITHM_EFFECTIVE_CYCLE: 5n }, undefined],
  [81, 1n, { ALLOW_ENERGY_ADJUSTMENT: 1n }, once("ALLOW_ENERGY_ADJUSTMENT")],
  [81, 0n, {}, only1("ALLOW_ENERGY_ADJUSTMENT")],
  [
    82,
    499n,
    {},
    "This value[MAX_CREATE_ACCOUNT_TX_SIZE] is only allowed to be greater than or equal to 500 and less than or equal to 10000!",
  ],
  [82, 10_000n, {}, undefined],
  [87, 1n, { ALLOW_STRICT_MATH: 1n }, once("ALLOW_STRICT_MATH")],
  [87, 0n, {}, only1("ALLOW_STRICT_MATH")],
  [88, 1n, { CONSENSUS_LOGIC_OPTIMIZATION: 1n }, once("CONSENSUS_LOGIC_OPTIMIZATION")],
  [88, 1n, {}, undefined],
  [83, 1n, { ALLOW_TVM_CANCUN: 1n }, once("ALLOW_TVM_CANCUN")],
  [83, 7n, {}, only1("ALLOW_TVM_CANCUN")],
  [89, 1n, { ALLOW_TVM_BLOB: 1n }, once("ALLOW_TVM_BLOB")],
  [89, 1n, {}, undefined],
  // never existed or commented out in ProposalType
  ...[27, 28, 34, 36, 37, 38, 42, 43, 50, 54, 55, 56, 57, 58, 64, 80, 84, 85, 86, 90, -1].map(
    (id): [number, bigint, Record<string, bigint>, string | undefined] => [
      id,
      1n,
      {},
      `Does not support code : ${id}`,
    ],
  ),
];

function LONG_VALUE_PLUS_1(): bigint {
  return 100_000_000_000_000_001n;
}

function chainWith(parameters: Record<string, bigint>): MemoryState {
  const state = newChain();
  edit(state, (_o, props) => {
    for (const [name, value] of Object.entries(parameters) as [PropertyName, bigint][])
      props.set(name, value);
  });
  return state;
}

describe("ProposalUtil checks through ProposalCreateContract", () => {
  it.each(CASES)("id %i = %s with %o → %s", (id, value, parameters, expected) => {
    expect(createMessage(chainWith(parameters), [[BigInt(id), value]])).toBe(expected);
  });

  it("covers every proposal id java-tron knows", () => {
    const covered = new Set(CASES.map(([id]) => id));
    for (const id of PROPOSAL_PARAMETERS.keys()) expect(covered.has(Number(id))).toBe(true);
    expect(PROPOSAL_PARAMETERS.size).toBe(71);
  });

  it("checks the owner first: address, account, witness, then an empty map", () => {
    const state = newChain();
    expect(createMessage(state, [[0n, 81_000n]], ALICE.slice(1))).toBe("Invalid address");
    const stranger = new Uint8Array(21).fill(7);
    stranger[0] = 0x41;
    expect(createMessage(state, [[0n, 81_000n]], stranger)).toBe(
      `Account[${bytesToHex(stranger)}] not exists`,
    );
    expect(createMessage(state, [[0n, 81_000n]], ALICE)).toBe(`Witness[${bytesToHex(ALICE)}] not exists`);
    expect(createMessage(state, [])).toBe("This proposal has no parameter.");
  });

  it("validates the parameters in the order the client wrote them", () => {
    const state = newChain();
    // Both entries are bad; java-tron reports the first in insertion order, not the smallest id.
    expect(
      createMessage(state, [
        [13n, 5n],
        [2n, -1n],
      ]),
    ).toBe("Bad chain parameter value, valid range is [10,100]");
    expect(
      createMessage(state, [
        [2n, -1n],
        [13n, 5n],
      ]),
    ).toBe(LONG_ERR);
    // an unknown id after a bad one: the bad one wins
    expect(
      createMessage(state, [
        [9n, 0n],
        [27n, 1n],
      ]),
    ).toBe(only1("ALLOW_CREATION_OF_CONTRACTS"));
  });
});
