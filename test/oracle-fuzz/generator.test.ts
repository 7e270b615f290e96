/**
 * The campaign generator (oracle/fuzz): one seed gives one campaign; every system contract type and
 * both contract runs are drawn; each action builds a signed transaction whose txID is sha256 of its
 * raw_data; the generated programs deploy through a well-formed init code.
 */
import {
  bytesToHex,
  contractTypeByName,
  decodeTransaction,
  hexToBytes,
  transactionId,
} from "@tronode/engine/internal";
import { describe, expect, it } from "vitest";
import { buildAction, type CampaignState, campaignParties, emptyState } from "../../oracle/fuzz/build.js";
import {
  type Action,
  CONTRACT_TYPES,
  generateCampaign,
  PROLOGUE,
  SYSTEM_TYPES,
  shrinkAction,
} from "../../oracle/fuzz/generate.js";
import { deployerOf, placeholderOffsets } from "../../oracle/fuzz/programs.js";
import { loadSolidity, type SolidityArtefacts } from "../../oracle/fuzz/solidity.js";
import { defaultOracleNetwork } from "../../oracle/network.js";

const network = defaultOracleNetwork();
const head = {
  number: 5n,
  id: hexToBytes("00".repeat(24) + "0000000000000005"),
  timestamp: 1_700_000_000_000n,
};

function freshState(solidity?: SolidityArtefacts): CampaignState {
  const state = emptyState(
    campaignParties(network.accounts, network.spares, network.witnesses[0]!),
    network.witnesses[0]!.address,
    solidity,
  );
  state.tokens.push({ id: "1000001", owner: network.accounts[0]!.address });
  state.exchanges.push({ id: 1n, creator: network.accounts[0]!.address, first: "_", second: "1000001" });
  state.proposals.push(1n);
  return state;
}

describe("the campaign generator", () => {
  it("gives the same campaign for the same seed and another for another", () => {
    expect(generateCampaign(7, 50)).toEqual(generateCampaign(7, 50));
    expect(generateCampaign(7, 50)).not.toEqual(generateCampaign(8, 50));
  });

  it("draws every contract type it knows, each one java-tron names", () => {
    const drawn = new Set(generateCampaign(1, 3_000).map((a) => a.type));
    for (const type of [...SYSTEM_TYPES, ...CONTRACT_TYPES]) {
      expect(contractTypeByName(type), type).toBeDefined();
      expect(drawn.has(type), type).toBe(true);
    }
  });

  it("builds each action as a transaction whose id is sha256(raw_data)", async () => {
    const state = freshState(await loadSolidity());
    for (const action of generateCampaign(3, 1_000)) {
      const built = buildAction(action, head, state);
      state.sent.push(built.hex);
      expect(bytesToHex(transactionId(decodeTransaction(hexToBytes(built.hex))))).toBe(built.txId);
    }
  });

  it("shrinks an action of a campaign to a smaller one that still diverges, by fast-check's path", async () => {
    const campaign = generateCampaign(11, 400);
    const index = campaign.findIndex(
      (a, i) => i >= PROLOGUE.length && a.type === "TransferContract" && (a.p.amount as bigint) > 1_000_000n,
    );
    expect(index).toBeGreaterThan(0);
    // a stand-in for java-tron and tronode disagreeing: any transfer of more than 1 TRX
    const diverges = async (a: Action) =>
      a.type === "TransferContract" && (a.p.amount as bigint) > 1_000_000n;
    const { action, attempts } = await shrinkAction(11, index, diverges);
    expect(attempts).toBeGreaterThan(1);
    expect(await diverges(action)).toBe(true);
    expect(action.p.amount as bigint).toBeLessThanOrEqual(campaign[index]!.p.amount as bigint);
    expect(action.p.amount).toBe(1_000_001n);
    // the prologue is fixed: nothing to shrink
    expect((await shrinkAction(11, 0, diverges)).attempts).toBe(0);
  });

  it("deploys a program through init code that copies and returns it", () => {
    const runtime = hexToBytes("6001600101");
    const init = deployerOf(runtime);
    expect(bytesToHex(init)).toBe("61000560" + "0e" + "600039610005" + "6000f3" + "6001600101");
    expect(placeholderOffsets(hexToBytes(`73${"00".repeat(20)}ff`))).toEqual([1]);
  });
});
