/**
 * An action (generate.ts) made a signed transaction on a head: its parties, tokens, contracts,
 * exchanges, delegations and proposals resolved against what the campaign has seen the chain hold,
 * its stamp as the action says, and its signatures from the keys the owner's permission holds (as
 * java-tron printed it after the last update the campaign made), or a fault. The bytes are what
 * both nodes get (broadcasthex), so the txID is the same.
 */
import {
  addressOfPrivateKey,
  bytesToHex,
  type ContractType,
  contractTypeByName,
  decodeTransaction,
  hexToBytes,
  keccak256,
  sha256,
  signTransaction,
  type Transaction,
  transactionBytes,
  transactionId,
  transactionOnHead,
} from "@tronode/engine/internal";
import type { OracleKey } from "../network.js";
import { type Action, PARTIES, WITNESS_TYPES } from "./generate.js";
import { deployerOf, placeholderOffsets } from "./programs.js";
import {
  encodeSolidityCall,
  encodeSolidityDeploy,
  type SolidityArtefacts,
  type SolidityCall,
  type SolidityDeploy,
  type SolidityKind,
} from "./solidity.js";

export interface Head {
  readonly number: bigint;
  readonly id: Uint8Array;
  readonly timestamp: bigint;
}

export interface TokenInfo {
  readonly id: string;
  readonly owner: Uint8Array;
}
export interface ContractInfo {
  readonly address: Uint8Array;
  readonly origin: Uint8Array;
  /** The Solidity contract's name for a Solidity deploy; absent for a generated program. */
  readonly kind?: string;
}
export interface ExchangeInfo {
  readonly id: bigint;
  readonly creator: Uint8Array;
  readonly first: string;
  readonly second: string;
}
export interface Delegation {
  readonly from: Uint8Array;
  readonly to: Uint8Array;
  readonly resource: number;
}
export interface PermissionInfo {
  readonly threshold: bigint;
  readonly keys: readonly { readonly address: Uint8Array; readonly weight: bigint }[];
}

export interface CampaignState {
  /** 0–7 genesis accounts, 8–11 spares, 12 the witness, 13 a stranger nobody holds a key for. */
  readonly parties: readonly OracleKey[];
  readonly witness: Uint8Array;
  readonly tokens: TokenInfo[];
  readonly contracts: ContractInfo[];
  readonly exchanges: ExchangeInfo[];
  readonly proposals: bigint[];
  readonly delegations: Delegation[];
  /** Per owner (hex): its owner permission and active permissions by id, as java-tron prints them. */
  readonly permissions: Map<string, { owner?: PermissionInfo; actives: Map<number, PermissionInfo> }>;
  /** The compiled Solidity contracts (solidity.ts), for Solidity runs. */
  readonly solidity?: SolidityArtefacts;
  /** Signed transactions sent so far (hex), for duplicates. */
  readonly sent: string[];
}

export function emptyState(parties: readonly OracleKey[], witness: Uint8Array, solidity?: SolidityArtefacts) {
  const state: CampaignState = {
    parties,
    witness,
    tokens: [],
    contracts: [],
    exchanges: [],
    proposals: [],
    delegations: [],
    permissions: new Map(),
    sent: [],
    ...(solidity ? { solidity } : {}),
  };
  return state;
}

const pick = <T>(list: readonly T[], i: number): T | undefined =>
  list.length ? list[i % list.length] : undefined;
const utf8 = (s: string) => new TextEncoder().encode(s);
const strangerAt = (i: number) => hexToBytes(`41${bytesToHex(sha256(utf8(`stranger ${i}`))).slice(0, 40)}`);
const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The campaign's parties: keys for all but the stranger (index 13). */
export function campaignParties(
  accounts: readonly OracleKey[],
  spares: readonly OracleKey[],
  witness: OracleKey,
) {
  const stranger = sha256(utf8("the stranger of the campaign"));
  return [
    ...accounts.slice(0, PARTIES.genesis),
    ...spares.slice(0, PARTIES.spares),
    witness,
    { privateKey: stranger, address: addressOfPrivateKey(stranger) },
  ];
}

/** A contract call both nodes are also asked as a constant call and for an energy estimate. */
export interface CallRequest {
  readonly owner_address: string;
  readonly contract_address: string;
  readonly data: string;
  readonly call_value: number;
  readonly fee_limit?: number;
  readonly token_id?: number;
  readonly call_token_value?: number;
}

export interface Built {
  readonly hex: string;
  readonly txId: string;
  readonly type: string;
  readonly owner: string;
  /** Addresses whose account the transaction may change (compared after its block). */
  readonly touched: readonly string[];
  /** For a trigger: the call, asked again as triggerconstantcontract and estimateenergy. */
  readonly call?: CallRequest;
  /** Storage slots (hex words) of contracts the run may write, read back with eth_getStorageAt. */
  readonly storage?: readonly { readonly contract: string; readonly slots: readonly string[] }[];
  /** The Solidity contract a deploy creates. */
  readonly kind?: string;
  /** What a delegation would delegate, for later undelegations. */
  readonly delegation?: Delegation;
}

/** Slots the generated programs write (their SSTORE keys are the pushed edge words). */
const PROGRAM_SLOTS = ["00", "01", "02", "1f", "20", "ff", "0f4240"].map((w) => w.padStart(64, "0"));
const word = (n: number) => n.toString(16).padStart(64, "0");

/** A Solidity contract's first slots and the slot-0 mapping entries of two parties (ERC-20 balances). */
function soliditySlots(parties: readonly Uint8Array[]): string[] {
  const mapping = parties.map((a) => {
    const key = new Uint8Array(64);
    key.set(a.subarray(1), 12);
    return bytesToHex(keccak256(key));
  });
  return [...[0, 1, 2, 3, 4, 5].map(word), ...mapping];
}

export function buildAction(action: Action, head: Head, state: CampaignState): Built {
  const p = action.p as Record<string, never>;
  const partyOf = (address: Uint8Array) => state.parties.find((k) => same(k.address, address));
  let ownerKey = state.parties[action.owner % state.parties.length]!;
  const otherKey = state.parties[action.other % state.parties.length]!;
  /** The owner becomes `address`'s party when the action asks for the one who may act. */
  const ownedBy = (address: Uint8Array | undefined, when: boolean) => {
    const key = address && when ? partyOf(address) : undefined;
    if (key) ownerKey = key;
  };
  if (WITNESS_TYPES.has(action.type) && p.asWitness) ownedBy(state.witness, true);
  const token = (i: number) => pick(state.tokens, i);
  const tokenId = (i: number) => utf8(token(i)?.id ?? "1000001");
  const contract = (i: number) => pick(state.contracts, i);
  const exchange = (i: number) => pick(state.exchanges, i);
  const touched = new Set<string>();
  let feeLimit: bigint | undefined;
  let call: CallRequest | undefined;
  let kind: string | undefined;
  let delegation: Delegation | undefined;
  const storage: { contract: string; slots: string[] }[] = [];

  // owners that depend on the chain's holdings are chosen before the parameter reads the owner
  switch (action.type) {
    case "TransferAssetContract":
    case "UpdateAssetContract":
    case "MarketSellAssetContract":
      ownedBy(token(action.type === "UpdateAssetContract" ? action.other : p.token)?.owner, p.own);
      break;
    case "ExchangeCreateContract":
      ownedBy(token((p.first as number) + 1)?.owner, p.own);
      break;
    case "ExchangeInjectContract":
    case "ExchangeWithdrawContract":
      ownedBy(exchange(p.exchange)?.creator, p.own);
      break;
    case "UpdateSettingContract":
    case "UpdateEnergyLimitContract":
    case "ClearABIContract":
      ownedBy(contract(p.contract)?.origin, p.own);
      break;
    case "UnDelegateResourceContract":
      ownedBy(pick(state.delegations, p.delegation)?.from, p.known);
      break;
  }
  const owner = ownerKey.address;
  const other = otherKey.address;
  touched.add(bytesToHex(owner));
  touched.add(bytesToHex(other));

  const parameter = ((): Record<string, unknown> => {
    switch (action.type) {
      case "TransferContract": {
        const to = p.toSelf === 0 ? owner : p.badTo === 0 ? Uint8Array.of(0x41, 1, 2) : other;
        return { ownerAddress: owner, toAddress: to, amount: p.amount };
      }
      case "TransferAssetContract":
        return { assetName: tokenId(p.token), ownerAddress: owner, toAddress: other, amount: p.amount };
      case "AccountCreateContract": {
        const target = p.fresh ? strangerAt(Number(head.number) * 1000 + state.sent.length) : other;
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
        delegation = { from: owner, to: other, resource: p.resource };
        return {
          ownerAddress: owner,
          resource: p.resource,
          balance: p.amount,
          receiverAddress: other,
          lock: p.lock,
          lockPeriod: p.lockPeriod,
        };
      case "UnDelegateResourceContract": {
        const known = p.known ? pick(state.delegations, p.delegation) : undefined;
        const receiver = known && same(known.from, owner) ? known.to : other;
        touched.add(bytesToHex(receiver));
        return {
          ownerAddress: owner,
          resource: known && same(known.from, owner) ? known.resource : p.resource,
          balance: p.amount,
          receiverAddress: receiver,
        };
      }
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
          frozenSupply: p.frozen ? [{ frozenAmount: 1_000n, frozenDays: 1n }] : [],
        };
      }
      case "ParticipateAssetIssueContract": {
        const t = token(p.token);
        const to = p.own && t ? t.owner : other;
        touched.add(bytesToHex(to));
        return { ownerAddress: owner, toAddress: to, assetName: tokenId(p.token), amount: p.amount };
      }
      case "UpdateAssetContract":
        return { ownerAddress: owner, url: utf8(p.url), description: utf8("updated"), newLimit: p.limit };
      case "AccountPermissionUpdateContract": {
        const keys = [ownerKey, otherKey, state.parties[(action.owner + 1) % PARTIES.genesis]!];
        const weights = p.weights as bigint[];
        const entries = weights.map((w, i) => ({ address: keys[i]!.address, weight: w }));
        const ops =
          p.operations === "all"
            ? hexToBytes(`7fff1fc0033e${"00".repeat(26)}`)
            : p.operations === "transfer"
              ? hexToBytes(`02${"00".repeat(31)}`)
              : new Uint8Array(32);
        // keepOwner: the owner permission stays the owner's key alone, so the account stays usable
        const ownerPermission = p.keepOwner
          ? { type: 0, permissionName: "owner", threshold: 1n, keys: [{ address: owner, weight: 1n }] }
          : { type: 0, permissionName: "owner", threshold: p.ownerThreshold, keys: entries };
        return {
          ownerAddress: owner,
          owner: ownerPermission,
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
          // before the list is first read: the id java-tron gives the first proposal
          proposalId: pick(state.proposals, p.proposal) ?? 1n,
          isAddApproval: p.add,
        };
      case "ProposalDeleteContract":
        return { ownerAddress: owner, proposalId: pick(state.proposals, p.proposal) ?? 9n };
      case "ExchangeCreateContract":
        return {
          ownerAddress: owner,
          firstTokenId: p.firstTrx ? utf8("_") : tokenId(p.first),
          firstTokenBalance: p.a,
          secondTokenId: tokenId((p.first as number) + 1),
          secondTokenBalance: p.b,
        };
      case "ExchangeInjectContract":
      case "ExchangeWithdrawContract":
      case "ExchangeTransactionContract": {
        const e = exchange(p.exchange);
        const id = e ? utf8(p.trx ? e.first : e.second) : p.trx ? utf8("_") : tokenId(p.token);
        return {
          ownerAddress: owner,
          exchangeId: e?.id ?? 7n,
          tokenId: id,
          quant: p.quant,
          ...(action.type === "ExchangeTransactionContract" ? { expected: p.expected } : {}),
        };
      }
      case "MarketSellAssetContract":
        return {
          ownerAddress: owner,
          sellTokenId: p.sellTrx ? utf8("_") : tokenId(p.token),
          sellTokenQuantity: p.sell,
          buyTokenId: p.sellTrx ? tokenId(p.token) : utf8("_"),
          buyTokenQuantity: p.buy,
        };
      case "MarketCancelOrderContract":
        return { ownerAddress: owner, orderId: p.order };
      case "UpdateSettingContract":
        return {
          ownerAddress: owner,
          contractAddress: contract(p.contract)?.address ?? strangerAt(p.contract),
          consumeUserResourcePercent: p.percent,
        };
      case "UpdateEnergyLimitContract":
        return {
          ownerAddress: owner,
          contractAddress: contract(p.contract)?.address ?? strangerAt(p.contract),
          originEnergyLimit: p.limit,
        };
      case "ClearABIContract":
        return {
          ownerAddress: owner,
          contractAddress: contract(p.contract)?.address ?? strangerAt(p.contract),
        };
      case "VoteAssetContract":
        return { ownerAddress: owner, voteAddress: [other], count: 1 };
      case "ShieldedTransferContract":
        return { transparentFromAddress: owner, fromAmount: p.amount, toAmount: 0n };
      case "CreateSmartContract": {
        feeLimit = p.feeLimit;
        const solidity = (p.solidity as { deploy?: SolidityDeploy } | undefined)?.deploy;
        if (solidity) {
          if (!state.solidity) throw new Error("a Solidity run needs the compiled contracts (loadSolidity)");
          kind = solidity.kind;
          return {
            ownerAddress: owner,
            newContract: {
              originAddress: owner,
              bytecode: encodeSolidityDeploy(solidity, state.solidity, resolver(state)),
              consumeUserResourcePercent: 100n,
              originEnergyLimit: 10_000_000n,
              name: solidity.kind,
            },
          };
        }
        const program = p.program as { code: Uint8Array; targets: number[] };
        const runtime = fillTargets(program.code, program.targets, state);
        const tokenCall = p.call as TokenCall;
        return {
          ownerAddress: owner,
          newContract: {
            originAddress: owner,
            bytecode: p.asConstructor ? runtime : deployerOf(runtime),
            consumeUserResourcePercent: p.percent,
            originEnergyLimit: p.originLimit,
            name: "Fuzz",
            callValue: tokenCall.callValue,
          },
          ...tokenValueOf(tokenCall, state),
        };
      }
      case "TriggerSmartContract": {
        feeLimit = p.feeLimit;
        const solidity = (p.solidity as { call?: SolidityCall } | undefined)?.call;
        let target: ContractInfo | undefined;
        let data: Uint8Array;
        let tokenCall: TokenCall;
        if (solidity) {
          if (!state.solidity) throw new Error("a Solidity run needs the compiled contracts (loadSolidity)");
          const r = resolver(state);
          target = solidityTarget(state, solidity);
          data = encodeSolidityCall(solidity, state.solidity, r);
          tokenCall = { callValue: p.callValue as bigint, tokenValue: 0n };
        } else {
          target = contract(p.contract);
          data = p.data;
          tokenCall = p.call as TokenCall;
        }
        const to = target?.address ?? strangerAt(p.contract ?? 0);
        touched.add(bytesToHex(to));
        if (target) {
          storage.push({
            contract: bytesToHex(to),
            slots: target.kind ? soliditySlots([owner, other]) : PROGRAM_SLOTS,
          });
        }
        const token = tokenValueOf(tokenCall, state);
        call = {
          owner_address: bytesToHex(owner),
          contract_address: bytesToHex(to),
          data: bytesToHex(data),
          call_value: Number(tokenCall.callValue),
          ...(feeLimit === undefined ? {} : { fee_limit: Number(feeLimit) }),
          ...("tokenId" in token
            ? { token_id: Number(token.tokenId), call_token_value: Number(token.callTokenValue) }
            : {}),
        };
        return {
          ownerAddress: owner,
          contractAddress: to,
          data,
          callValue: tokenCall.callValue,
          ...token,
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
    ...(call ? { call } : {}),
    ...(storage.length ? { storage } : {}),
    ...(kind ? { kind } : {}),
    ...(delegation ? { delegation } : {}),
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

/** The permission the transaction names, as the campaign last read it (undefined: the default). */
function permissionOf(state: CampaignState, owner: Uint8Array, id: number): PermissionInfo | undefined {
  const known = state.permissions.get(bytesToHex(owner));
  if (!known) return undefined;
  return id === 0 ? known.owner : known.actives.get(id);
}

/** The keys that sign: enough of the permission's held keys for its threshold, or a fault. */
function signers(
  action: Action,
  ownerKey: OracleKey,
  otherKey: OracleKey,
  state: CampaignState,
): OracleKey[] {
  const stranger = state.parties[PARTIES.stranger]!;
  const permission = permissionOf(state, ownerKey.address, action.permissionId);
  const held = permission
    ? permission.keys
        .filter((k) => k.weight > 0n)
        .map((k) => ({ key: state.parties.find((p) => same(p.address, k.address)), weight: k.weight }))
        .filter((k): k is { key: OracleKey; weight: bigint } => k.key !== undefined)
        .sort((a, b) => (a.weight > b.weight ? -1 : a.weight < b.weight ? 1 : 0))
    : [{ key: ownerKey, weight: 1n }];
  const threshold = permission?.threshold ?? 1n;
  const enough: OracleKey[] = [];
  let weight = 0n;
  for (const k of held) {
    if (weight >= threshold) break;
    enough.push(k.key);
    weight += k.weight;
  }
  if (enough.length === 0) enough.push(ownerKey);
  switch (action.signing) {
    case "valid":
      return enough;
    case "under":
      return enough.length > 1 ? enough.slice(0, -1) : [stranger];
    case "wrong":
      return [same(otherKey.address, ownerKey.address) ? stranger : otherKey];
    case "none":
      return [];
    case "twice":
      return [...enough, enough[0]!];
    case "extra":
      return [...enough, stranger];
  }
}

type TokenCall = { callValue: bigint; token?: number; tokenValue: bigint };

/** A contract call's TRC-10 value, when the action sends one (a campaign token, or 1000001). */
function tokenValueOf(call: TokenCall, state: CampaignState) {
  return call.token === undefined
    ? {}
    : {
        callTokenValue: call.tokenValue,
        tokenId: BigInt(pick(state.tokens, call.token)?.id ?? "1000001"),
      };
}

/** How Solidity runs find the campaign's addresses (20 bytes, no 0x41) and its Solidity contracts. */
function resolver(state: CampaignState) {
  return {
    address: (i: number) => {
      const all = [...state.parties.map((k) => k.address), ...state.contracts.map((c) => c.address)];
      return all[i % all.length]!.subarray(1);
    },
    contractOf: (kind: SolidityKind, i: number) => {
      const of = state.contracts.filter((c) => c.kind === kind);
      return of.length ? of[i % of.length]!.address.subarray(1) : undefined;
    },
  };
}

/** The deployed contract a Solidity call goes to: one of its kind when the campaign has one. */
function solidityTarget(state: CampaignState, call: SolidityCall): ContractInfo | undefined {
  const of = state.contracts.filter((c) => c.kind === call.kind);
  return pick(of, call.target) ?? pick(state.contracts, call.target);
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
          ? (pick(state.contracts, t)?.address.subarray(1) ??
            state.parties[t % PARTIES.count]!.address.subarray(1))
          : state.parties[t % PARTIES.count]!.address.subarray(1);
    out.set(address, at);
  });
  return out;
}
