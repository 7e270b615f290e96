/** protocol.Monitor: GetStatsInfo, the node's statistics (java-tron's MetricsApiService.getMetricProtoInfo). */
import { create } from "@bufbuild/protobuf";
import { EmptyMessageSchema, MetricsInfoSchema } from "@tronode/engine/internal";
import { NodeOperations } from "@tronode/operations";
import { bindRpc, type RpcBinding } from "../rpc-binding.js";

export const MONITOR_RPCS: readonly RpcBinding[] = [
  bindRpc({
    rpc: "GetStatsInfo",
    request: EmptyMessageSchema,
    response: MetricsInfoSchema,
    operation: NodeOperations.getStatsInfo,
    input: () => undefined,
    output: (info) => {
      const message = create(MetricsInfoSchema, info);
      const net = message.net;
      if (net) {
        // getNetProtoInfo sets tcpOutTraffic from the UDP inbound figures and never sets udpInTraffic
        net.tcpOutTraffic = net.udpInTraffic;
        net.udpInTraffic = undefined;
      }
      return message;
    },
    failure: "uncaught",
  }),
];
