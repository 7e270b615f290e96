/**
 * Node-level reads: getnodeinfo (also /walletsolidity/getnodeinfo and /monitor/getnodeinfo),
 * listnodes (also /net/listnodes), validateaddress.
 */

import { validateAddressText } from "../address-validation.js";
import { javaStringOf } from "../java-value-readers.js";
import { nodeInfoBean } from "../node-info-bean.js";
import { defineRoute, type RouteRow, walletPaths } from "../route-row.js";
import { queryOnlyRoute } from "./query-only-route.js";

const getNodeInfo = queryOnlyRoute({
  name: "getnodeinfo",
  paths: ["/wallet/getnodeinfo", "/walletsolidity/getnodeinfo", "/monitor/getnodeinfo"],
  handle: (api) => api.getNodeInfo(),
  print: nodeInfoBean,
});

/** tronode has no peers: java-tron prints an empty NodeList as `{}`. */
const listNodes = queryOnlyRoute({
  name: "listnodes",
  paths: ["/wallet/listnodes", "/net/listnodes"],
  handle: async () => undefined,
  print: () => ({}),
});

const validateAddress = defineRoute({
  name: "validateaddress",
  paths: walletPaths("validateaddress"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  availability: "served",
  read: (request) =>
    request.method === "GET" ? request.query("address") : javaStringOf(request.body().address),
  handle: async (_api, address: string | undefined) => validateAddressText(address),
  print: (result) => result,
});

export const NODE_ROUTES: readonly RouteRow[] = [getNodeInfo, listNodes, validateAddress];
