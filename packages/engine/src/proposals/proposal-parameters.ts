/**
 * Every proposable chain parameter: java-tron's ProposalUtil checks (the valid range, the features
 * that must be on first, the block-version fork it waits for — each with its exact text, in
 * ProposalUtil's order) and ProposalService's effect when an approved proposal is applied at
 * maintenance (the values written and their side effects: price histories, contract types
 * switched on, the energy target, the reward algorithm's start cycle).
 */

import { validateError } from "../actuator/actuator.js";
import { setOperationBit } from "../chain/permissions.js";
import { utf8Decode, utf8Encode } from "../crypto/bytes.js";
import {
  type BytePropertyName,
  PROPOSAL_CONTRACT_TYPES,
  type PropertyName,
  type ProposalName,
  propertyOfProposalName,
} from "../state/chain-parameters.js";
import type { ChainProperties, MutableChainProperties } from "../state/chain-properties.js";

const LONG_VALUE = 100_000_000_000_000_000n;
const LONG_VALUE_ERROR = `Bad chain parameter value, valid range is [0,${LONG_VALUE}]`;
const MAX_SUPPLY = 100_000_000_000n;
const MAX_SUPPLY_ERROR = "Bad chain parameter value, valid range is [0, 100_000_000_000L]";
const BAD_PARAM_ID = "Bad chain parameter id";
const ONE_YEAR_BLOCK_NUMBERS = 10_512_000n;
const LONG_MAX = 0x7fffffffffffffffn;

/**
 * Block-version forks ProposalUtil waits for. tronode's blocks all carry version 32 and its chains
 * are run by tronode witnesses only, so every version fork counts as passed from genesis; the one
 * fork decided by height, ENERGY_LIMIT (version 5), passes at java-tron's default
 * `enery.limit.block.num` (4 727 890).
 */
type Fork =
  | "ENERGY_LIMIT"
  | "3_2_2"
  | "3_5"
  | "3_6"
  | "3_6_5"
  | "3_6_6"
  | "4_0_1"
  | "4_1"
  | "4_1_2"
  | "4_2"
  | "4_3"
  | "4_4"
  | "4_5"
  | "4_6"
  | "4_7"
  | "4_7_2"
  | "4_7_4"
  | "4_7_5"
  | "4_7_7"
  | "4_8_0";

const ENERGY_LIMIT_BLOCK_NUM = 4_727_890n;

function forkPassed(props: ChainProperties, fork: Fork): boolean {
  if (fork === "ENERGY_LIMIT") return props.headNumber >= ENERGY_LIMIT_BLOCK_NUM;
  return true;
}

/** How ProposalUtil names the parameter when its fork has not passed. */
type ForkMessage = "plain" | "colon" | "bracket";

export interface ProposalParameterRule {
  readonly id: number;
  /** java-tron's ProposalType name. */
  readonly name: string;
  /** ProposalUtil.validator for this id; throws a validate error with java-tron's text. */
  validate(props: ChainProperties, value: bigint): void;
  /** ProposalService.process for this id. */
  apply(props: MutableChainProperties, value: bigint, expirationTime: bigint): void;
}

interface RuleSpec {
  readonly fork?: Fork;
  readonly forkMessage?: ForkMessage;
  /** Checks after the fork check, in order. */
  readonly checks: readonly ((props: ChainProperties, value: bigint, name: ProposalName) => void)[];
  /** Effect on approval; default: store the value under the ProposalType name. */
  readonly apply?: (props: MutableChainProperties, value: bigint, expirationTime: bigint) => void;
}

const fail = (message: string): never => {
  throw validateError(message);
};

// --- check builders ------------------------------------------------------------------------------

const range =
  (min: bigint, max: bigint, message: string) =>
  (_props: ChainProperties, value: bigint): void => {
    if (value < min || value > max) fail(message);
  };
const longRange = range(0n, LONG_VALUE, LONG_VALUE_ERROR);
const onlyOne = (_props: ChainProperties, value: bigint, name: ProposalName): void => {
  if (value !== 1n) fail(`This value[${name}] is only allowed to be 1`);
};
const zeroOrOne =
  (label?: string) =>
  (_props: ChainProperties, value: bigint, name: ProposalName): void => {
    if (value !== 1n && value !== 0n) fail(`This value[${label ?? name}] is only allowed to be 1 or 0`);
  };
/** `[<dep>] proposal must be approved before [<name>] can be proposed` unless `dep` is on. */
const requires =
  (dep: PropertyName) =>
  (props: ChainProperties, _value: bigint, name: ProposalName): void => {
    if (props.get(dep) === 0n) fail(`[${dep}] proposal must be approved before [${name}] can be proposed`);
  };
/** `[<name>] has been valid, no need to propose again` once the switch is on. */
const notYetValid = (props: ChainProperties, _value: bigint, name: ProposalName): void => {
  if (props.get(propertyOfProposalName(name)) === 1n)
    fail(`[${name}] has been valid, no need to propose again`);
};

// --- effects -------------------------------------------------------------------------------------

function appendHistory(
  props: MutableChainProperties,
  key: BytePropertyName,
  expirationTime: bigint,
  value: bigint,
) {
  props.setBytes(key, utf8Encode(`${utf8Decode(props.getBytes(key))},${expirationTime}:${value}`));
}

function enableContractTypes(props: MutableChainProperties, ...types: number[]): void {
  let available = props.getBytes("AVAILABLE_CONTRACT_TYPE");
  let active = props.getBytes("ACTIVE_DEFAULT_OPERATIONS");
  for (const t of types) {
    available = setOperationBit(available, t);
    active = setOperationBit(active, t);
  }
  props.setBytes("AVAILABLE_CONTRACT_TYPE", available);
  props.setBytes("ACTIVE_DEFAULT_OPERATIONS", active);
}

/** DynamicPropertiesStore.saveNewRewardAlgorithmEffectiveCycle: the next cycle, once. */
function startNewRewardAlgorithm(props: MutableChainProperties): void {
  if (props.get("NEW_REWARD_ALGORITHM_EFFECTIVE_CYCLE") === LONG_MAX) {
    props.set("NEW_REWARD_ALGORITHM_EFFECTIVE_CYCLE", props.get("CURRENT_CYCLE_NUMBER") + 1n);
  }
}

const setAs =
  (property: PropertyName) =>
  (props: MutableChainProperties, value: bigint): void =>
    props.set(property, value);

/** Stored only while the switch is still off (java-tron's "applied if 0" parameters). */
const setIfOff =
  (property: PropertyName, ...types: number[]) =>
  (props: MutableChainProperties, value: bigint): void => {
    if (props.get(property) !== 0n) return;
    props.set(property, value);
    if (types.length > 0) enableContractTypes(props, ...types);
  };

// --- the table, in ProposalUtil's order ----------------------------------------------------------

const SPECS: ReadonlyArray<readonly [number, ProposalName, RuleSpec]> = [
  [
    0,
    "MAINTENANCE_TIME_INTERVAL",
    {
      checks: [
        range(
          81_000n,
          86_400_000n,
          "Bad chain parameter value, valid range is [3 * 27 * 1000,24 * 3600 * 1000]",
        ),
      ],
    },
  ],
  [1, "ACCOUNT_UPGRADE_COST", { checks: [longRange] }],
  [2, "CREATE_ACCOUNT_FEE", { checks: [longRange] }],
  [
    3,
    "TRANSACTION_FEE",
    {
      checks: [longRange],
      apply: (props, value, expiration) => {
        props.set("TRANSACTION_FEE", value);
        appendHistory(props, "BANDWIDTH_PRICE_HISTORY", expiration, value);
      },
    },
  ],
  [4, "ASSET_ISSUE_FEE", { checks: [longRange] }],
  [5, "WITNESS_PAY_PER_BLOCK", { checks: [longRange] }],
  [6, "WITNESS_STANDBY_ALLOWANCE", { checks: [longRange] }],
  [7, "CREATE_NEW_ACCOUNT_FEE_IN_SYSTEM_CONTRACT", { checks: [longRange] }],
  [8, "CREATE_NEW_ACCOUNT_BANDWIDTH_RATE", { checks: [longRange] }],
  [9, "ALLOW_CREATION_OF_CONTRACTS", { checks: [onlyOne] }],
  [
    10,
    "REMOVE_THE_POWER_OF_THE_GR",
    {
      checks: [
        (props) => {
          if (props.get("REMOVE_THE_POWER_OF_THE_GR") === -1n) {
            fail("This proposal has been executed before and is only allowed to be executed once");
          }
        },
        onlyOne,
      ],
      // Takes effect at the next maintenance (removeThePowerOfTheGr), which sets it to −1.
      apply: setIfOff("REMOVE_THE_POWER_OF_THE_GR"),
    },
  ],
  [
    11,
    "ENERGY_FEE",
    {
      checks: [],
      apply: (props, value, expiration) => {
        props.set("ENERGY_FEE", value);
        appendHistory(props, "ENERGY_PRICE_HISTORY", expiration, value);
      },
    },
  ],
  [12, "EXCHANGE_CREATE_FEE", { checks: [] }],
  [
    13,
    "MAX_CPU_TIME_OF_ONE_TX",
    {
      checks: [
        (props, value) => {
          if (props.get("ALLOW_HIGHER_LIMIT_FOR_MAX_CPU_TIME_OF_ONE_TX") === 1n) {
            if (value < 10n || value > 400n) fail("Bad chain parameter value, valid range is [10,400]");
          } else if (value < 10n || value > 100n) {
            fail("Bad chain parameter value, valid range is [10,100]");
          }
        },
      ],
    },
  ],
  [14, "ALLOW_UPDATE_ACCOUNT_NAME", { checks: [onlyOne] }],
  [15, "ALLOW_SAME_TOKEN_NAME", { checks: [onlyOne] }],
  [16, "ALLOW_DELEGATE_RESOURCE", { checks: [onlyOne] }],
  [
    17,
    "TOTAL_ENERGY_LIMIT",
    {
      checks: [
        (props) => {
          // Deprecated: only between the ENERGY_LIMIT fork and version 3.2.2, so never on a new chain.
          if (!forkPassed(props, "ENERGY_LIMIT")) fail(BAD_PARAM_ID);
          if (forkPassed(props, "3_2_2")) fail(BAD_PARAM_ID);
        },
        longRange,
      ],
      apply: (props, value) => {
        props.set("TOTAL_ENERGY_LIMIT", value);
        props.set("TOTAL_ENERGY_TARGET_LIMIT", value / props.get("ADAPTIVE_RESOURCE_LIMIT_TARGET_RATIO"));
      },
    },
  ],
  [18, "ALLOW_TVM_TRANSFER_TRC10", { checks: [onlyOne, requires("ALLOW_SAME_TOKEN_NAME")] }],
  [
    19,
    "TOTAL_CURRENT_ENERGY_LIMIT",
    {
      fork: "3_2_2",
      checks: [longRange],
      // saveTotalEnergyLimit2: the limit, its target, and the current limit unless adaptive energy runs it.
      apply: (props, value) => {
        props.set("TOTAL_ENERGY_LIMIT", value);
        props.set("TOTAL_ENERGY_TARGET_LIMIT", value / props.get("ADAPTIVE_RESOURCE_LIMIT_TARGET_RATIO"));
        if (props.get("ALLOW_ADAPTIVE_ENERGY") === 0n) props.set("TOTAL_ENERGY_CURRENT_LIMIT", value);
      },
    },
  ],
  [
    20,
    "ALLOW_MULTI_SIGN",
    { fork: "3_5", forkMessage: "colon", checks: [onlyOne], apply: setIfOff("ALLOW_MULTI_SIGN") },
  ],
  [
    21,
    "ALLOW_ADAPTIVE_ENERGY",
    {
      fork: "3_5",
      forkMessage: "colon",
      checks: [onlyOne],
      apply: (props, value) => {
        if (props.get("ALLOW_ADAPTIVE_ENERGY") !== 0n) return;
        props.set("ALLOW_ADAPTIVE_ENERGY", value);
        if (forkPassed(props, "3_6_5")) {
          // one minute of blocks, half the total limit
          props.set("ADAPTIVE_RESOURCE_LIMIT_TARGET_RATIO", 2880n);
          props.set("TOTAL_ENERGY_TARGET_LIMIT", props.get("TOTAL_ENERGY_LIMIT") / 2880n);
          props.set("ADAPTIVE_RESOURCE_LIMIT_MULTIPLIER", 50n);
        }
      },
    },
  ],
  [
    22,
    "UPDATE_ACCOUNT_PERMISSION_FEE",
    { fork: "3_5", forkMessage: "colon", checks: [range(0n, MAX_SUPPLY, MAX_SUPPLY_ERROR)] },
  ],
  [
    23,
    "MULTI_SIGN_FEE",
    { fork: "3_5", forkMessage: "colon", checks: [range(0n, MAX_SUPPLY, MAX_SUPPLY_ERROR)] },
  ],
  [24, "ALLOW_PROTO_FILTER_NUM", { fork: "3_6", checks: [zeroOrOne()] }],
  [25, "ALLOW_ACCOUNT_STATE_ROOT", { fork: "3_6", checks: [zeroOrOne()] }],
  [
    26,
    "ALLOW_TVM_CONSTANTINOPLE",
    {
      fork: "3_6",
      checks: [onlyOne, requires("ALLOW_TVM_TRANSFER_TRC10")],
      apply: (props, value) => {
        props.set("ALLOW_TVM_CONSTANTINOPLE", value);
        enableContractTypes(props, ...PROPOSAL_CONTRACT_TYPES.ALLOW_TVM_CONSTANTINOPLE);
      },
    },
  ],
  [
    32,
    "ALLOW_TVM_SOLIDITY_059",
    { fork: "3_6_5", checks: [onlyOne, requires("ALLOW_CREATION_OF_CONTRACTS")] },
  ],
  [
    33,
    "ADAPTIVE_RESOURCE_LIMIT_TARGET_RATIO",
    {
      fork: "3_6_5",
      checks: [range(1n, 1_000n, "Bad chain parameter value, valid range is [1,1_000]")],
      // Stored per minute of blocks (×1440); the energy target follows.
      apply: (props, value) => {
        const ratio = 1440n * value;
        props.set("ADAPTIVE_RESOURCE_LIMIT_TARGET_RATIO", ratio);
        props.set("TOTAL_ENERGY_TARGET_LIMIT", props.get("TOTAL_ENERGY_LIMIT") / ratio);
      },
    },
  ],
  [
    29,
    "ADAPTIVE_RESOURCE_LIMIT_MULTIPLIER",
    { fork: "3_6_5", checks: [range(1n, 10_000n, "Bad chain parameter value, valid range is [1,10_000]")] },
  ],
  [
    30,
    "ALLOW_CHANGE_DELEGATION",
    {
      fork: "3_6_5",
      checks: [zeroOrOne()],
      apply: (props, value) => {
        props.set("ALLOW_CHANGE_DELEGATION", value);
        enableContractTypes(props, ...PROPOSAL_CONTRACT_TYPES.ALLOW_CHANGE_DELEGATION);
      },
    },
  ],
  [31, "WITNESS_127_PAY_PER_BLOCK", { fork: "3_6_5", checks: [longRange] }],
  [
    35,
    "FORBID_TRANSFER_TO_CONTRACT",
    { fork: "3_6_6", checks: [onlyOne, requires("ALLOW_CREATION_OF_CONTRACTS")] },
  ],
  [40, "ALLOW_PBFT", { fork: "4_1", forkMessage: "bracket", checks: [onlyOne] }],
  [41, "ALLOW_TVM_ISTANBUL", { fork: "4_1", forkMessage: "bracket", checks: [onlyOne] }],
  [39, "ALLOW_SHIELDED_TRC20_TRANSACTION", { fork: "4_0_1", forkMessage: "bracket", checks: [zeroOrOne()] }],
  [
    44,
    "ALLOW_MARKET_TRANSACTION",
    {
      fork: "4_1",
      forkMessage: "bracket",
      checks: [onlyOne],
      apply: setIfOff("ALLOW_MARKET_TRANSACTION", ...PROPOSAL_CONTRACT_TYPES.ALLOW_MARKET_TRANSACTION),
    },
  ],
  [
    45,
    "MARKET_SELL_FEE",
    {
      fork: "4_1",
      forkMessage: "bracket",
      checks: [
        (props) => {
          if (props.get("ALLOW_MARKET_TRANSACTION") !== 1n) {
            fail("Market Transaction is not activated, can not set Market Sell Fee");
          }
        },
        range(0n, 10_000_000_000n, "Bad MARKET_SELL_FEE parameter value, valid range is [0,10_000_000_000L]"),
      ],
    },
  ],
  [
    46,
    "MARKET_CANCEL_FEE",
    {
      fork: "4_1",
      forkMessage: "bracket",
      checks: [
        (props) => {
          if (props.get("ALLOW_MARKET_TRANSACTION") !== 1n) {
            fail("Market Transaction is not activated, can not set Market Cancel Fee");
          }
        },
        range(
          0n,
          10_000_000_000n,
          "Bad MARKET_CANCEL_FEE parameter value, valid range is [0,10_000_000_000L]",
        ),
      ],
    },
  ],
  [
    47,
    "MAX_FEE_LIMIT",
    {
      fork: "4_1_2",
      forkMessage: "bracket",
      checks: [
        (props, value) => {
          if (value < 0n) fail("Bad MAX_FEE_LIMIT parameter value, value must not be negative");
          if (value > 10_000_000_000n) {
            if (props.get("ALLOW_TVM_LONDON") === 0n) {
              fail("Bad MAX_FEE_LIMIT parameter value, valid range is [0,10_000_000_000L]");
            }
            if (value > LONG_VALUE) fail(LONG_VALUE_ERROR);
          }
        },
      ],
    },
  ],
  [48, "ALLOW_TRANSACTION_FEE_POOL", { fork: "4_1_2", forkMessage: "bracket", checks: [zeroOrOne()] }],
  [
    49,
    "ALLOW_BLACKHOLE_OPTIMIZATION",
    // ProposalUtil names it ALLOW_REMOVE_BLACKHOLE in its messages.
    { fork: "4_1_2", forkMessage: "bracket", checks: [zeroOrOne("ALLOW_REMOVE_BLACKHOLE")] },
  ],
  [51, "ALLOW_NEW_RESOURCE_MODEL", { fork: "4_2", forkMessage: "bracket", checks: [onlyOne] }],
  [
    52,
    "ALLOW_TVM_FREEZE",
    {
      fork: "4_2",
      forkMessage: "bracket",
      checks: [
        onlyOne,
        requires("ALLOW_DELEGATE_RESOURCE"),
        requires("ALLOW_MULTI_SIGN"),
        requires("ALLOW_TVM_CONSTANTINOPLE"),
        requires("ALLOW_TVM_SOLIDITY_059"),
      ],
    },
  ],
  [
    59,
    "ALLOW_TVM_VOTE",
    {
      fork: "4_3",
      forkMessage: "bracket",
      checks: [onlyOne, requires("ALLOW_CHANGE_DELEGATION")],
      apply: (props, value) => {
        startNewRewardAlgorithm(props);
        props.set("ALLOW_TVM_VOTE", value);
      },
    },
  ],
  [
    61,
    "FREE_NET_LIMIT",
    {
      fork: "4_3",
      forkMessage: "bracket",
      checks: [range(0n, 100_000n, "Bad chain parameter value, valid range is [0,100_000]")],
    },
  ],
  [
    62,
    "TOTAL_NET_LIMIT",
    {
      fork: "4_3",
      forkMessage: "bracket",
      checks: [
        range(0n, 1_000_000_000_000n, "Bad chain parameter value, valid range is [0, 1_000_000_000_000L]"),
      ],
    },
  ],
  [53, "ALLOW_ACCOUNT_ASSET_OPTIMIZATION", { fork: "4_3", forkMessage: "bracket", checks: [onlyOne] }],
  [63, "ALLOW_TVM_LONDON", { fork: "4_4", forkMessage: "bracket", checks: [onlyOne] }],
  [60, "ALLOW_TVM_COMPATIBLE_EVM", { fork: "4_4", forkMessage: "bracket", checks: [onlyOne] }],
  [
    65,
    "ALLOW_HIGHER_LIMIT_FOR_MAX_CPU_TIME_OF_ONE_TX",
    { fork: "4_5", forkMessage: "bracket", checks: [onlyOne] },
  ],
  [66, "ALLOW_ASSET_OPTIMIZATION", { fork: "4_5", forkMessage: "bracket", checks: [onlyOne] }],
  [
    67,
    "ALLOW_NEW_REWARD",
    {
      fork: "4_6",
      forkMessage: "bracket",
      checks: [
        (props) => {
          if (props.get("ALLOW_NEW_REWARD") === 1n) fail("New reward has been valid.");
        },
        onlyOne,
      ],
      apply: (props, value) => {
        startNewRewardAlgorithm(props);
        props.set("ALLOW_NEW_REWARD", value);
      },
    },
  ],
  [
    68,
    "MEMO_FEE",
    {
      fork: "4_6",
      forkMessage: "bracket",
      checks: [
        range(0n, 1_000_000_000n, "This value[MEMO_FEE] is only allowed to be in the range 0-1000_000_000"),
      ],
      apply: (props, value, expiration) => {
        props.set("MEMO_FEE", value);
        appendHistory(props, "MEMO_FEE_HISTORY", expiration, value);
      },
    },
  ],
  [69, "ALLOW_DELEGATE_OPTIMIZATION", { fork: "4_6", forkMessage: "bracket", checks: [onlyOne] }],
  [
    70,
    "UNFREEZE_DELAY_DAYS",
    {
      fork: "4_7",
      forkMessage: "bracket",
      checks: [range(1n, 365n, "This value[UNFREEZE_DELAY_DAYS] is only allowed to be in the range 1-365")],
      apply: (props, value) => {
        props.set("UNFREEZE_DELAY_DAYS", value);
        enableContractTypes(props, ...PROPOSAL_CONTRACT_TYPES.UNFREEZE_DELAY_DAYS);
      },
    },
  ],
  [
    71,
    "ALLOW_OPTIMIZED_RETURN_VALUE_OF_CHAIN_ID",
    { fork: "4_7", forkMessage: "bracket", checks: [onlyOne] },
  ],
  [
    72,
    "ALLOW_DYNAMIC_ENERGY",
    {
      fork: "4_7",
      forkMessage: "bracket",
      checks: [
        range(0n, 1n, "This value[ALLOW_DYNAMIC_ENERGY] is only allowed to be in the range 0-1"),
        (props, value) => {
          if (value === 1n && props.get("ALLOW_CHANGE_DELEGATION") === 0n) {
            fail(
              "[ALLOW_CHANGE_DELEGATION] proposal must be approved before [ALLOW_DYNAMIC_ENERGY] can be opened",
            );
          }
        },
      ],
    },
  ],
  [73, "DYNAMIC_ENERGY_THRESHOLD", { fork: "4_7", forkMessage: "bracket", checks: [longRange] }],
  [
    74,
    "DYNAMIC_ENERGY_INCREASE_FACTOR",
    {
      fork: "4_7",
      forkMessage: "bracket",
      checks: [
        range(
          0n,
          10_000n,
          "This value[DYNAMIC_ENERGY_INCREASE_FACTOR] is only allowed to be in the range 0-10000",
        ),
      ],
    },
  ],
  [
    75,
    "DYNAMIC_ENERGY_MAX_FACTOR",
    {
      fork: "4_7",
      forkMessage: "bracket",
      checks: [
        range(
          0n,
          100_000n,
          "This value[DYNAMIC_ENERGY_MAX_FACTOR] is only allowed to be in the range 0-100000",
        ),
      ],
    },
  ],
  [76, "ALLOW_TVM_SHANGHAI", { fork: "4_7_2", forkMessage: "bracket", checks: [onlyOne] }],
  [
    77,
    "ALLOW_CANCEL_ALL_UNFREEZE_V2",
    {
      fork: "4_7_2",
      forkMessage: "bracket",
      checks: [onlyOne, requires("UNFREEZE_DELAY_DAYS")],
      apply: setIfOff(
        "ALLOW_CANCEL_ALL_UNFREEZE_V2",
        ...PROPOSAL_CONTRACT_TYPES.ALLOW_CANCEL_ALL_UNFREEZE_V2,
      ),
    },
  ],
  [
    78,
    "MAX_DELEGATE_LOCK_PERIOD",
    {
      fork: "4_7_2",
      forkMessage: "bracket",
      checks: [
        (props, value) => {
          const current = props.get("MAX_DELEGATE_LOCK_PERIOD");
          if (value <= current || value > ONE_YEAR_BLOCK_NUMBERS) {
            fail(
              `This value[MAX_DELEGATE_LOCK_PERIOD] is only allowed to be greater than ${current} and less than or equal to ${ONE_YEAR_BLOCK_NUMBERS} !`,
            );
          }
        },
        requires("UNFREEZE_DELAY_DAYS"),
      ],
    },
  ],
  [
    79,
    "ALLOW_OLD_REWARD_OPT",
    {
      fork: "4_7_4",
      forkMessage: "bracket",
      checks: [
        notYetValid,
        onlyOne,
        (props) => {
          if (props.get("NEW_REWARD_ALGORITHM_EFFECTIVE_CYCLE") === LONG_MAX) {
            fail(
              "[ALLOW_NEW_REWARD] or [ALLOW_TVM_VOTE] proposal must be approved before [ALLOW_OLD_REWARD_OPT] can be proposed",
            );
          }
        },
      ],
    },
  ],
  [81, "ALLOW_ENERGY_ADJUSTMENT", { fork: "4_7_5", forkMessage: "bracket", checks: [notYetValid, onlyOne] }],
  [
    82,
    "MAX_CREATE_ACCOUNT_TX_SIZE",
    {
      fork: "4_7_5",
      forkMessage: "bracket",
      checks: [
        range(
          500n,
          10_000n,
          "This value[MAX_CREATE_ACCOUNT_TX_SIZE] is only allowed to be greater than or equal to 500 and less than or equal to 10000!",
        ),
      ],
    },
  ],
  [87, "ALLOW_STRICT_MATH", { fork: "4_7_7", forkMessage: "bracket", checks: [notYetValid, onlyOne] }],
  [
    88,
    "CONSENSUS_LOGIC_OPTIMIZATION",
    { fork: "4_8_0", forkMessage: "bracket", checks: [notYetValid, onlyOne] },
  ],
  [83, "ALLOW_TVM_CANCUN", { fork: "4_8_0", forkMessage: "bracket", checks: [notYetValid, onlyOne] }],
  [89, "ALLOW_TVM_BLOB", { fork: "4_8_0", forkMessage: "bracket", checks: [notYetValid, onlyOne] }],
];

function forkError(name: string, message: ForkMessage | undefined): string {
  switch (message) {
    case "colon":
      return `${BAD_PARAM_ID}: ${name}`;
    case "bracket":
      return `${BAD_PARAM_ID} [${name === "ALLOW_BLACKHOLE_OPTIMIZATION" ? "ALLOW_REMOVE_BLACKHOLE" : name}]`;
    default:
      return BAD_PARAM_ID;
  }
}

function rule(id: number, name: ProposalName, spec: RuleSpec): ProposalParameterRule {
  return {
    id,
    name,
    validate(props, value) {
      if (spec.fork !== undefined && !forkPassed(props, spec.fork)) fail(forkError(name, spec.forkMessage));
      for (const check of spec.checks) check(props, value, name);
    },
    apply: spec.apply ?? setAs(propertyOfProposalName(name)),
  };
}

/** Every proposable parameter by id (java-tron's ProposalType). */
export const PROPOSAL_PARAMETERS: ReadonlyMap<bigint, ProposalParameterRule> = new Map(
  SPECS.map(([id, name, spec]) => [BigInt(id), rule(id, name, spec)] as const),
);

/** ProposalUtil.validator: the parameter's checks, or `Does not support code : <id>` for an unknown id. */
export function validateProposalParameter(props: ChainProperties, id: bigint, value: bigint): void {
  const parameter = PROPOSAL_PARAMETERS.get(id);
  if (!parameter) fail(`Does not support code : ${id}`);
  parameter!.validate(props, value);
}

/** ProposalService.process: applies each known parameter in order (unknown ids are skipped). */
export function applyProposalParameters(
  props: MutableChainProperties,
  parameters: readonly (readonly [bigint, bigint])[],
  expirationTime: bigint,
): void {
  for (const [id, value] of parameters) PROPOSAL_PARAMETERS.get(id)?.apply(props, value, expirationTime);
}

/** The ProposalType name of a proposal id (e.g. 11 → ENERGY_FEE). */
export function proposalParameterName(id: bigint): string | undefined {
  return PROPOSAL_PARAMETERS.get(id)?.name;
}
