/**
 * Node-level reads: getnodeinfo (also /walletsolidity/getnodeinfo and /monitor/getnodeinfo),
 * listnodes (also /net/listnodes), validateaddress.
 */

import { NodeOperations } from "@tronode/operations";
import { javaStringOf } from "../java-value-readers.js";
import { nodeInfoBean } from "../node-info-bean.js";
import { defineRoute, type RouteRow, walletPaths } from "../route-row.js";
import { queryOnlyRoute } from "./query-only-route.js";

const getNodeInfo = queryOnlyRoute({
  operation: NodeOperations.getNodeInfo,
  paths: ["/wallet/getnodeinfo", "/walletsolidity/getnodeinfo", "/monitor/getnodeinfo"],
  print: nodeInfoBean,
});

/** tronode has no peers: java-tron prints an empty NodeList as `{}`. */
const listNodes = queryOnlyRoute({
  operation: NodeOperations.listNodes,
  paths: ["/wallet/listnodes", "/net/listnodes"],
  print: () => ({}),
});

const validateAddress = defineRoute({
  operation: NodeOperations.validateAddress,
  paths: walletPaths("validateaddress"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  read: (request) =>
    request.method === "GET" ? request.query("address") : javaStringOf(request.body().address),
  print: (result) => ({ ...result }),
});

export const NODE_ROUTES: readonly RouteRow[] = [getNodeInfo, listNodes, validateAddress];
