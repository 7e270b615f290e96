import { AssetTables } from "../assets/tables.js";
import { BalanceHistoryTables } from "../balance-history/tables.js";
import { EventTables } from "../events/tables.js";
import { ExchangeTables } from "../exchanges/tables.js";
import { MarketTables } from "../market/tables.js";
import { ProposalTables } from "../proposals/tables.js";
import { ResourceTables } from "../resources/tables.js";
import { ContractTables } from "../state/contract-tables.js";
import { CoreTables } from "../state/core-tables.js";
import { ForkTables } from "../state/fork-tables.js";
import { WitnessTables } from "../witnesses/tables.js";

/**
 * Every table of chain state: the core tables and each domain's. Storage gives each `id` a stable
 * bucket; adding a capability means adding a table (and a bucket there), never changing an existing one.
 */
export const Tables = {
  ...CoreTables,
  ...ResourceTables,
  ...WitnessTables,
  ...BalanceHistoryTables,
  ...ProposalTables,
  ...MarketTables,
  ...EventTables,
  ...AssetTables,
  ...ExchangeTables,
  ...ContractTables,
  ...ForkTables,
} as const;

/** The name of one of the engine's tables (`Tables.accounts`, `Tables.blocks`, …). */
export type TableName = keyof typeof Tables;
