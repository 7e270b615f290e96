/** Every scenario, in the order a run plays them (each builds on the chain the ones before left). */
import type { OracleNetwork } from "../network.js";
import type { Scenario } from "../scenario.js";
import { chainAndAccounts } from "./chain-and-accounts.js";
import { committee, market } from "./committee-and-market.js";
import { contracts } from "./contracts.js";
import { grpc } from "./grpc.js";
import { multisig } from "./multisig.js";
import { reads } from "./reads.js";
import { refusals } from "./refusals.js";
import { shielded } from "./shielded.js";
import { staking } from "./staking.js";
import { sweep } from "./sweep.js";
import { tokens } from "./tokens.js";
import { witnesses } from "./witnesses.js";

export const SCENARIOS: Record<string, (s: Scenario, net: OracleNetwork) => Promise<void>> = {
  "chain-and-accounts": chainAndAccounts,
  refusals,
  multisig,
  staking,
  tokens,
  market,
  contracts,
  witnesses,
  committee,
  reads,
  shielded,
  grpc,
  sweep,
};
