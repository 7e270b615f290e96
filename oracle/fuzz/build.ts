/**
 * An action (generate.ts) made a signed transaction on a head: its parties, tokens, contracts,
 * exchanges and proposals resolved against what the campaign has seen the chain hold, its stamp and
 * signatures as the action says (the owner's key, a wrong key, none, one twice). The bytes are what both nodes get (broadcasthex), so txID is the same.
 */
import {
  addressOfPrivateKey,
  bytesToHex,
  type ContractType,
  contractTypeByName,
  decodeTransaction,
  hexToBytes,
  sha256,
  signTransaction,
  type Transaction,
  transactionBytes,
  transactionId,
  transactionOnHead,
} from "@tronode/engine/internal";
import type { OracleKey } from "../network.js";
import type { Action } from "./generate.js";
import { deployerOf, placeholderOffsets } from "./programs.js";

export interface Head {
  readonly number: bigint;
  readonly id: Uint8Array;
  readonly timestamp: bigint;
}

export interface CampaignState {
  /** 0–7 genesis accounts, 8–11 spares, 12 the witness, 13 a stranger nobody holds a key for. */
  readonly parties: readonly OracleKey[];
  readonly witness: Uint8Array;
  readonly tokens: string[];
  readonly contracts: Uint8Array[];
  readonly exchanges: bigint[];
  readonly proposals: bigint[];
  /** Signed transactions sent so far (hex), for duplicates. */
  readonly sent: string[];
}

const pick = <T>(list: readonly T[], i: number): T | undefined =>
  list.length ? list[i % list.length] : undefined;
const utf8 = (s: string) => new TextEncoder().encode(s);
const strangerAt = (i: number) => hexToBytes(`41${bytesToHex(sha256(utf8(`stranger ${i}`))).slice(0, 40)}`);

/** The campaign's parties: keys for all but the stranger (index 13). */
export function campaignParties(
  accounts: readonly OracleKey[],
  spares: readonly OracleKey[],
  witness: OracleKey,
) {
  const stranger = sha256(utf8("the stranger of the campaign"));
  return [
    ...accounts.slice(0, 8),
    ...spares.slice(0, 4),
    witness,
    { privateKey: stranger, address: addressOfPrivateKey(stranger) },
  ];
}

export interface Built {
  readonly hex: string;
  readonly txId: string;
  readonly type: string;
  readonly owner: string;
  /** Addresses whose account the transaction may change (compared after its block). */
  readonly touched: readonly string[];
}

export function buildAction(action: Action, head: Head, state: CampaignState): Built {
  const ownerKey = state.parties[action.owner % state.parties.length]!;
  const otherKey = state.parties[action.other % state.parties.length]!;
  const owner = ownerKey.address;
  const other = otherKey.address;
  const p = action.p as Record<string, never>;
  const token = (i: number) => utf8(pick(state.tokens, i) ?? "1000001");
  const contract = (i: number) => pick(state.contracts, i) ?? strangerAt(i);
  const touched = new Set([bytesToHex(owner), bytesToHex(other)]);
  let feeLimit: bigint | undefined;
  const parameter = ((): Record<string, unknown> => {
    switch (action.type) {
      case "TransferContract": {
        const to = p.toSelf ? owner : (p.badTo as number) === 0 ? Uint8Array.of(0x41, 1, 2) : other;
        return { ownerAddress: owner, toAddress: to, amount: p.amount };
      }
      case "TransferAssetContract":
        return { assetName: token(p.token), ownerAddress: owner, toAddress: other, amount: p.amount };
      case "AccountCreateContract": {
        const target = p.fresh ? strangerAt(Number(head.number) * 1000 + action.other) : other;
        touched.add(bytesToHex(target));
        return { ownerAddress: owner, accountAddress: target, type: p.type };
      }
      case "AccountUpdateContract":
        return { ownerAddress: owner, accountName: utf8(p.name) };
      case "SetAccountIdContract":
        return { ownerAddress: owner, accountId: utf8(p.id) };
      case "FreezeBalanceV2Contract":
        return { ownerAddress: owner, frozenBalance: p.amount, resource: p.resource };
      case "UnfreezeBalanceV2Contract":
        return { ownerAddress: owner, unfreezeBalance: p.amount, resource: p.resource };
      case "DelegateResourceContract":
        return {
          ownerAddress: owner,
          resource: p.resource,
          balance: p.amount,
          receiverAddress: other,
          lock: p.lock,
          lockPeriod: p.lockPeriod,
        };
      case "UnDelegateResourceContract":
        return { ownerAddress: owner, resource: p.resource, balance: p.amount, receiverAddress: other };
      case "FreezeBalanceContract":
        return {
          ownerAddress: owner,
          frozenBalance: p.amount,
          frozenDuration: p.duration,
          resource: p.resource,
        };
      case "UnfreezeBalanceContract":
        return { ownerAddress: owner, resource: p.resource };
      case "VoteWitnessContract":
        return {
          ownerAddress: owner,
          votes: (p.votes as { witness: boolean; count: bigint }[]).map((v) => ({
            voteAddress: v.witness ? state.witness : other,
            voteCount: v.count,
          })),
        };
      case "WitnessCreateContract":
        return { ownerAddress: owner, url: utf8(p.url) };
      case "WitnessUpdateContract":
        return { ownerAddress: owner, updateUrl: utf8(p.url) };
      case "UpdateBrokerageContract":
        return { ownerAddress: owner, brokerage: p.brokerage };
      case "AssetIssueContract": {
        const start = head.timestamp + BigInt(p.startMs);
        return {
          ownerAddress: owner,
          name: utf8(p.name),
          abbr: utf8(p.abbr),
          totalSupply: p.totalSupply,
          trxNum: p.trxNum,
          num: p.num,
          startTime: start,
          endTime: start + BigInt(p.lengthMs),
          precision: p.precision,
          description: utf8("campaign token"),
          url: utf8(p.url),
          freeAssetNetLimit: p.freeNet,
        };
      }
      case "ParticipateAssetIssueContract":
        return { ownerAddress: owner, toAddress: other, assetName: token(p.token), amount: p.amount };
      case "UpdateAssetContract":
        return { ownerAddress: owner, url: utf8(p.url), description: utf8("updated"), newLimit: p.limit };
      case "AccountPermissionUpdateContract": {
        const keys = [ownerKey, otherKey, state.parties[(action.owner + 1) % 12]!];
        const weights = p.weights as bigint[];
        const entries = weights.map((w, i) => ({ address: keys[i]!.address, weight: w }));
        const ops =
          p.operations === "all"
            ? hexToBytes(`7fff1fc0033e${"00".repeat(26)}`)
            : p.operations === "transfer"
              ? hexToBytes(`02${"00".repeat(31)}`)
              : new Uint8Array(32);
        return {
          ownerAddress: owner,
          owner: { type: 0, permissionName: "owner", threshold: p.ownerThreshold, keys: entries },
          actives: [
            {
              type: 2,
              permissionName: "active",
              threshold: p.activeThreshold,
              operations: ops,
              keys: entries,
            },
          ],
        };
      }
      case "ProposalCreateContract":
        return {
          ownerAddress: owner,
          parameters: Object.fromEntries(
            (p.entries as { id: number; value: bigint }[]).map((e) => [String(e.id), e.value]),
          ),
        };
      case "ProposalApproveContract":
        return {
          ownerAddress: owner,
          proposalId: pick(state.proposals, p.proposal) ?? 9n,
          isAddApproval: p.add,
        };
      case "ProposalDeleteContract":
        return { ownerAddress: owner, proposalId: pick(state.proposals, p.proposal) ?? 9n };
      case "ExchangeCreateContract":
        return {
          ownerAddress: owner,
          firstTokenId: p.firstTrx ? utf8("_") : token(p.first),
          firstTokenBalance: p.a,
          secondTokenId: token((p.first as number) + 1),
          secondTokenBalance: p.b,
        };
      case "ExchangeInjectContract":
      case "ExchangeWithdrawContract":
        return {
          ownerAddress: owner,
          exchangeId: pick(state.exchanges, p.exchange) ?? 7n,
          tokenId: p.trx ? utf8("_") : token(p.token),
          quant: p.quant,
        };
      case "ExchangeTransactionContract":
        return {
          ownerAddress: owner,
          exchangeId: pick(state.exchanges, p.exchange) ?? 7n,
          tokenId: p.trx ? utf8("_") : token(p.token),
          quant: p.quant,
          expected: p.expected,
        };
      case "MarketSellAssetContract":
        return {
          ownerAddress: owner,
          sellTokenId: p.sellTrx ? utf8("_") : token(p.token),
          sellTokenQuantity: p.sell,
          buyTokenId: p.sellTrx ? token(p.token) : utf8("_"),
          buyTokenQuantity: p.buy,
        };
      case "MarketCancelOrderContract":
        return { ownerAddress: owner, orderId: p.order };
      case "UpdateSettingContract":
        return {
          ownerAddress: owner,
          contractAddress: contract(p.contract),
          consumeUserResourcePercent: p.percent,
        };
      case "UpdateEnergyLimitContract":
        return { ownerAddress: owner, contractAddress: contract(p.contract), originEnergyLimit: p.limit };
      case "ClearABIContract":
        return { ownerAddress: owner, contractAddress: contract(p.contract) };
      case "VoteAssetContract":
        return { ownerAddress: owner, voteAddress: [other], count: 1 };
      case "ShieldedTransferContract":
        return { transparentFromAddress: owner, fromAmount: p.amount, toAmount: 0n };
      case "CreateSmartContract": {
        const program = p.program as { code: Uint8Array; targets: number[] };
        const runtime = fillTargets(program.code, program.targets, state);
        const call = p.call as TokenCall;
        feeLimit = p.feeLimit;
        return {
          ownerAddress: owner,
          newContract: {
            originAddress: owner,
            bytecode: p.asConstructor ? runtime : deployerOf(runtime),
            consumeUserResourcePercent: p.percent,
            originEnergyLimit: p.originLimit,
            name: "Fuzz",
            callValue: call.callValue,
          },
          ...tokenValueOf(call, state),
        };
      }
      case "TriggerSmartContract": {
        const call = p.call as TokenCall;
        const to = contract(p.contract);
        touched.add(bytesToHex(to));
        feeLimit = p.feeLimit;
        return {
          ownerAddress: owner,
          contractAddress: to,
          data: p.data,
          callValue: call.callValue,
          ...tokenValueOf(call, state),
        };
      }
      default:
        // Withdraw*, CancelAllUnfreezeV2, UnfreezeAsset: the owner alone
        return { ownerAddress: owner };
    }
  })();

  const built = (hex: string): Built => ({
    hex,
    txId: bytesToHex(transactionId(decodeTransaction(hexToBytes(hex)))),
    type: action.type,
    owner: bytesToHex(owner),
    touched: [...touched],
  });
  if (action.stamp === "duplicate" && state.sent.length > 0)
    return built(state.sent[(action.other * 7919) % state.sent.length]!);
  const type = contractTypeByName(action.type) as ContractType;
  const stampHead =
    action.stamp === "bad-ref" ? { ...head, id: sha256(utf8(`not a block ${head.number}`)) } : head;
  const expirationMs = action.stamp === "expired" ? -3_000n : action.stamp === "far" ? 86_400_001n : 60_000n;
  let tx: Transaction = transactionOnHead(stampHead, type, parameter as never, {
    expirationMs,
    permissionId: action.permissionId,
    ...(feeLimit === undefined ? {} : { feeLimit }),
  });
  // a head's timestamp is shared by every transaction built on it: the action's index keeps ids apart
  tx.rawData!.timestamp = head.timestamp + BigInt(state.sent.length);
  for (const key of signers(action, ownerKey, otherKey, state)) tx = signTransaction(tx, key.privateKey);
  return built(bytesToHex(transactionBytes(tx)));
}

function signers(
  action: Action,
  ownerKey: OracleKey,
  otherKey: OracleKey,
  state: CampaignState,
): OracleKey[] {
  // the owner's key alone: the campaign does not yet follow the permissions it sets
  const own = [ownerKey];
  switch (action.signing) {
    case "owner":
      return own;
    case "wrong":
      return [otherKey.address.every((b, i) => b === ownerKey.address[i]) ? state.parties[13]! : otherKey];
    case "none":
      return [];
    case "twice":
      return [...own, own[0] ?? ownerKey];
    case "owner+wrong":
      return [...own, state.parties[13]!];
  }
}

type TokenCall = { callValue: bigint; token?: number; tokenValue: bigint };

/** A contract call's TRC-10 value, when the action sends one (a campaign token, or 1000001). */
function tokenValueOf(call: TokenCall, state: CampaignState) {
  return call.token === undefined
    ? {}
    : { callTokenValue: call.tokenValue, tokenId: BigInt(pick(state.tokens, call.token) ?? "1000001") };
}

/** The program with its PUSH20 placeholders set to campaign contracts, parties or precompiles. */
function fillTargets(code: Uint8Array, targets: readonly number[], state: CampaignState): Uint8Array {
  const out = code.slice();
  placeholderOffsets(out).forEach((at, i) => {
    const t = targets[i] ?? 0;
    const address =
      t < 0
        ? hexToBytes((-t).toString(16).padStart(40, "0"))
        : t % 3 === 0
          ? (pick(state.contracts, t)?.subarray(1) ?? state.parties[t % 14]!.address.subarray(1))
          : state.parties[t % 14]!.address.subarray(1);
    out.set(address, at);
  });
  return out;
}
