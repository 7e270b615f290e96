/** A witness application, votes counted at a maintenance, brokerage and rewards. */
import { bytesToHex } from "@tronode/engine/internal";
import type { OracleNetwork } from "../network.js";
import type { Scenario } from "../scenario.js";

const hex = (a: Uint8Array) => bytesToHex(a);
const text = (s: string) => bytesToHex(new TextEncoder().encode(s));

export async function witnesses(s: Scenario, net: OracleNetwork): Promise<void> {
  const [, , , a3, , a5] = net.accounts;
  const witness = net.witnesses[0]!;
  const candidate = hex(a5!.address);
  const voter = hex(a3!.address);

  await s.transact("createwitness", { owner_address: candidate, url: text("https://candidate.oracle") }, [
    a5!,
  ]);
  await s.build(
    "createwitness",
    { owner_address: candidate, url: text("https://again.oracle") },
    "already a witness",
  );
  await s.transact(
    "updatewitness",
    { owner_address: candidate, update_url: text("https://candidate2.oracle") },
    [a5!],
  );
  await s.ask("listwitnesses", "/wallet/listwitnesses", {}, "exact", "with the candidate");
  await s.transact(
    "votewitnessaccount",
    {
      owner_address: voter,
      votes: [
        { vote_address: candidate, vote_count: 200 },
        { vote_address: hex(witness.address), vote_count: 100 },
      ],
    },
    [a3!],
  );
  await s.build(
    "votewitnessaccount",
    { owner_address: voter, votes: [{ vote_address: candidate, vote_count: 100_000 }] },
    "more than the tron power",
  );
  await s.build(
    "votewitnessaccount",
    { owner_address: voter, votes: [{ vote_address: voter, vote_count: 1 }] },
    "not a witness",
  );
  await s.ask("getaccount", "/wallet/getaccount", { address: voter }, "exact", "the voter");
  await s.transact("updateBrokerage", { owner_address: candidate, brokerage: 30 }, [a5!]);
  await s.ask("getBrokerage", "/wallet/getBrokerage", { address: candidate });
  await s.ask("getReward", "/wallet/getReward", { address: voter });
  await s.build("withdrawbalance", { owner_address: voter }, "no reward yet");

  // the votes count at the next maintenance (60 s interval)
  await s.session.afterMaintenance();
  await s.ask("listwitnesses", "/wallet/listwitnesses", {}, "exact", "after the maintenance");
  await s.ask(
    "getnextmaintenancetime",
    "/wallet/getnextmaintenancetime",
    {},
    "exact",
    "after the maintenance",
  );
  await s.ask("getaccount", "/wallet/getaccount", { address: candidate }, "exact", "the elected candidate");
  await s.ask("getReward", "/wallet/getReward", { address: voter }, "exact", "after the maintenance");
  await s.ask(
    "getBrokerage",
    "/wallet/getBrokerage",
    { address: hex(witness.address) },
    "exact",
    "the genesis witness",
  );
  await s.ask("getpaginatedproposallist", "/wallet/getpaginatedproposallist", { offset: 0, limit: 10 });
}
