/**
 * The transaction builders served so far. GET answers follow java-tron (§3.5): createaccount has no
 * doGet (405); the others override doGet with an empty method (200, empty body).
 *
 * accountpermissionupdate takes the AccountPermissionUpdateContract JSON (`owner_address`, `owner`,
 * `witness`, `actives`): each Permission's `type` is an enum name ("Owner", "Active"; an all-lowercase
 * name is capitalised) or number, `operations` is hex, `keys` are `{address, weight}`.
 */
import {
  AccountCreateContractSchema,
  AccountPermissionUpdateContractSchema,
  AccountUpdateContractSchema,
  ContractType,
  SetAccountIdContractSchema,
  TransferContractSchema,
} from "@tronode/engine";
import type { RouteRow } from "../route-row.js";
import { builderRoute } from "./builder-route.js";

export const BUILDER_ROUTES: readonly RouteRow[] = [
  builderRoute({
    name: "createtransaction",
    contractType: ContractType.TransferContract,
    contractSchema: TransferContractSchema,
    getOnPost: "empty200",
    readsExtraData: true,
  }),
  builderRoute({
    name: "createaccount",
    contractType: ContractType.AccountCreateContract,
    contractSchema: AccountCreateContractSchema,
    getOnPost: "405",
  }),
  builderRoute({
    name: "updateaccount",
    contractType: ContractType.AccountUpdateContract,
    contractSchema: AccountUpdateContractSchema,
    getOnPost: "empty200",
  }),
  builderRoute({
    name: "setaccountid",
    contractType: ContractType.SetAccountIdContract,
    contractSchema: SetAccountIdContractSchema,
    getOnPost: "empty200",
  }),
  builderRoute({
    name: "accountpermissionupdate",
    contractType: ContractType.AccountPermissionUpdateContract,
    contractSchema: AccountPermissionUpdateContractSchema,
    getOnPost: "empty200",
  }),
];
