/**
 * The transaction builders served so far. GET answers follow java-tron (§3.5): createaccount has no
 * doGet (405); the others override doGet with an empty method (200, empty body).
 *
 * accountpermissionupdate takes the AccountPermissionUpdateContract JSON (`owner_address`, `owner`,
 * `witness`, `actives`): each Permission's `type` is an enum name ("Owner", "Active"; an all-lowercase
 * name is capitalised) or number, `operations` is hex, `keys` are `{address, weight}`.
 */
import { BuilderOperations } from "@tronode/operations";
import type { RouteRow } from "../route-row.js";
import { builderRoute, commonTransactionRoute } from "./builder-route.js";

export const BUILDER_ROUTES: readonly RouteRow[] = [
  commonTransactionRoute(),
  builderRoute(BuilderOperations.createTransaction, { getOnPost: "empty200", readsExtraData: true }),
  builderRoute(BuilderOperations.createAccount, { getOnPost: "405" }),
  builderRoute(BuilderOperations.updateAccount, { getOnPost: "empty200" }),
  builderRoute(BuilderOperations.setAccountId, { getOnPost: "empty200" }),
  builderRoute(BuilderOperations.accountPermissionUpdate, { getOnPost: "empty200" }),
];
