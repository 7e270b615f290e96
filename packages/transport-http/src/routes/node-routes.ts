/**
 * Node-level reads: getnodeinfo (also /walletsolidity/getnodeinfo and /monitor/getnodeinfo),
 * listnodes (also /net/listnodes), validateaddress.
 */

import { NodeOperations } from "@tronode/operations";
import type { JsonObject } from "../engine-protocol.js";
import { javaStringOf } from "../java-value-readers.js";
import { nodeInfoBean } from "../node-info-bean.js";
import { defineRoute, type RouteRow, walletPaths } from "../route-row.js";
import { queryOnlyRoute } from "./query-only-route.js";

const getNodeInfo = queryOnlyRoute({
  operation: NodeOperations.getNodeInfo,
  paths: ["/wallet/getnodeinfo", "/walletsolidity/getnodeinfo", "/monitor/getnodeinfo"],
  print: nodeInfoBean,
});

/**
 * NodeList as java-tron's JsonFormat prints it: `{"nodes":[{"address":{"host":…,"port":…}}]}` with
 * the host bytes in hex (the text under `visible`); an empty list is `{}`.
 */
const listNodes = queryOnlyRoute({
  operation: NodeOperations.listNodes,
  paths: ["/wallet/listnodes", "/net/listnodes"],
  print: (nodes, visible): JsonObject =>
    nodes.length === 0
      ? {}
      : {
          nodes: nodes.map(
            (n): JsonObject => ({
              address: {
                host: visible ? n.host : Buffer.from(n.host, "utf8").toString("hex"),
                ...(n.port !== 0 ? { port: n.port } : {}),
              },
            }),
          ),
        },
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
