/**
 * The recorded campaigns (issue 36): generated transactions and contract runs that java-tron and
 * tronode answered live (`npm run oracle:fuzz`), with java-tron's answers and the chain kept in
 * test/fixtures/oracle/campaign-<producer>.json.br. Here tronode alone takes the recorded chain and
 * is asked a sample of the campaign's questions again (every CAMPAIGN_SAMPLE-th batch, its
 * broadcasts and its reads, so `npm test` keeps its time budget); each answer must equal java-tron's
 * but for the differences oracle/deliberate.ts lists. The book's campaign section is generated
 * from the same files.
 */
import { existsSync, readFileSync } from "node:fs";
import type { TronNode } from "@tronode/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDeliberate } from "../../oracle/deliberate.js";
import {
  type Campaign,
  campaignPath,
  type Producer,
  type ReplayedAnswer,
  readCampaign,
  replayCampaign,
} from "../../oracle/fuzz/campaign.js";
import { SYSTEM_TYPES } from "../../oracle/fuzz/generate.js";
import { CAMPAIGN_MARKERS, campaignSummary, revertedOrOutOfEnergy } from "../../oracle/fuzz/summary.js";
import { createReplayNode } from "../../oracle/replay.js";
import { ORACLE_PAGE } from "../../oracle/table.js";

/** Every how many batches the replay asks again (the blocks are all applied). */
const CAMPAIGN_SAMPLE = 8;

const producers: Producer[] = ["java-tron", "tronode"];
const campaigns: Campaign[] = producers
  .filter((p) => existsSync(campaignPath(p)))
  .map((p) => readCampaign(campaignPath(p)));
const answers = new Map<Producer, ReplayedAnswer[]>();
const nodes: TronNode[] = [];

beforeAll(async () => {
  for (const campaign of campaigns) {
    const node = await createReplayNode();
    nodes.push(node);
    answers.set(campaign.producer, await replayCampaign(campaign, node, { every: CAMPAIGN_SAMPLE }));
  }
}, 600_000);

afterAll(async () => {
  for (const node of nodes) await node.stop();
});

describe("the recorded campaigns", () => {
  it("hold both producers' campaigns", () => {
    expect(campaigns.map((c) => c.producer).sort()).toEqual([...producers].sort());
  });

  it("draw every system contract type, with refusals compared by their text", () => {
    const drawn = new Set(campaigns.flatMap((c) => Object.keys(c.types)));
    for (const type of SYSTEM_TYPES) expect(drawn.has(type), type).toBe(true);
    const sent = campaigns.reduce((s, c) => s + (c.tally.sent ?? 0), 0);
    const refused = campaigns.reduce((s, c) => s + (c.tally.refused ?? 0), 0);
    expect(refused / sent).toBeGreaterThanOrEqual(0.3);
  });

  it("ended with no unexplained difference and every sync check passed", () => {
    for (const c of campaigns) {
      expect(c.tally.unexplained, `seed ${c.seed}`).toBe(0);
      expect(c.sync.filter((s) => !s.ok)).toEqual([]);
      expect(c.sync.length).toBeGreaterThanOrEqual(2);
    }
  });

  it("tronode answers the sampled batches as java-tron did", () => {
    const unexplained = [...answers].flatMap(([producer, list]) =>
      list.flatMap((a) =>
        a.differences
          .filter(
            (d) =>
              !isDeliberate(
                {
                  operation: a.operation,
                  label: a.label,
                  path: "",
                  body: null,
                  compare: "exact",
                  head: 0,
                  javaTron: a.javaTron,
                  tronode: a.tronode,
                  differences: a.differences,
                },
                d,
              ),
          )
          .map(
            (d) =>
              `${producer} ${a.label} ${a.operation} ${d.path}: java-tron ${JSON.stringify(d.javaTron)}, tronode ${JSON.stringify(d.tronode)}`,
          ),
      ),
    );
    expect(unexplained).toEqual([]);
    expect([...answers.values()].flat().length).toBeGreaterThan(1_000);
  });

  it("the book's campaign section is the recorded campaigns' summary", () => {
    const readme = readFileSync(new URL(`../../${ORACLE_PAGE}`, import.meta.url), "utf8");
    const start = readme.indexOf(CAMPAIGN_MARKERS.begin);
    const end = readme.indexOf(CAMPAIGN_MARKERS.end);
    expect(start).toBeGreaterThan(0);
    expect(readme.slice(start + CAMPAIGN_MARKERS.begin.length, end).trim()).toBe(
      campaignSummary(campaigns).trim(),
    );
  });

  it("hold at least 20 000 generated transactions and 3 000 contract runs, 1 000 of them reverting or out of energy", () => {
    const total = (f: (c: Campaign) => number) => campaigns.reduce((s, c) => s + f(c), 0);
    expect(total((c) => c.tally.sent ?? 0)).toBeGreaterThanOrEqual(20_000);
    expect(total((c) => c.tally.contractRuns ?? 0)).toBeGreaterThanOrEqual(3_000);
    expect(total(revertedOrOutOfEnergy)).toBeGreaterThanOrEqual(1_000);
  });
});
