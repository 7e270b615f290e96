/** Shielded key derivations from a fixed spending key: each step feeds java-tron's answer to the next. */
import type { OracleNetwork } from "../network.js";
import type { Scenario } from "../scenario.js";

const SPENDING_KEY = "0b862f0e70048551c08518ff49a19db027d62cdeeb2fa974db91c10e6ebcdc16";
const DIVERSIFIER = "11db4e6fed1bd5cce0ba94";

export async function shielded(s: Scenario, _net: OracleNetwork): Promise<void> {
  const expanded = (
    await s.ask("getexpandedspendingkey", "/wallet/getexpandedspendingkey", { value: SPENDING_KEY })
  ).javaTron as { ask?: string; nsk?: string; ovk?: string };
  if (!expanded.ask || !expanded.nsk) return;
  const ak = (await s.ask("getakfromask", "/wallet/getakfromask", { value: expanded.ask })).javaTron as {
    value?: string;
  };
  const nk = (await s.ask("getnkfromnsk", "/wallet/getnkfromnsk", { value: expanded.nsk })).javaTron as {
    value?: string;
  };
  const ivk = (
    await s.ask("getincomingviewingkey", "/wallet/getincomingviewingkey", {
      ak: ak.value ?? "",
      nk: nk.value ?? "",
    })
  ).javaTron as { ivk?: string };
  await s.ask("getzenpaymentaddress", "/wallet/getzenpaymentaddress", { ivk: ivk.ivk ?? "", d: DIVERSIFIER });
  await s.ask(
    "getzenpaymentaddress",
    "/wallet/getzenpaymentaddress",
    { ivk: ivk.ivk ?? "", d: "00" },
    "exact",
    "a short diversifier",
  );
  await s.ask(
    "getexpandedspendingkey",
    "/wallet/getexpandedspendingkey",
    { value: "zz" },
    "exact",
    "not hex",
  );
  await s.ask("getakfromask", "/wallet/getakfromask", { value: "00" }, "exact", "a short key");
  await s.ask("isspend", "/wallet/isspend", {}, "exact", "an empty body");
}
