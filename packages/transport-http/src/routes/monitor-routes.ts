/**
 * /monitor/getstatsinfo: java-tron's MetricsServlet (GET only) prints its MetricsInfo bean with
 * fastjson's pretty format. The figures are the node's own (NodeMetrics in @tronode/node).
 */
import type { MetricsInfo, MetricsInfo_RateInfo } from "@tronode/engine/internal";
import { NodeOperations } from "@tronode/operations";
import { type BeanValue, fastjsonText, JavaDouble } from "../fastjson-text.js";
import { defineRoute, type RouteRow } from "../route-row.js";

function rateBean(rate: MetricsInfo_RateInfo | undefined): BeanValue {
  if (rate === undefined) return undefined;
  return {
    count: rate.count,
    meanRate: new JavaDouble(rate.meanRate),
    oneMinuteRate: new JavaDouble(rate.oneMinuteRate),
    fiveMinuteRate: new JavaDouble(rate.fiveMinuteRate),
    fifteenMinuteRate: new JavaDouble(rate.fifteenMinuteRate),
  };
}

/** java-tron's metrics beans (org.tron.core.metrics.*) from the report. */
export function metricsInfoBean(info: MetricsInfo): BeanValue {
  const { node, blockchain: chain, net } = info;
  return {
    interval: info.interval,
    node: node && {
      ip: node.ip,
      nodeType: node.nodeType,
      version: node.version,
      backupStatus: node.backupStatus,
    },
    blockchain: chain && {
      headBlockNum: chain.headBlockNum,
      headBlockTimestamp: chain.headBlockTimestamp,
      headBlockHash: chain.headBlockHash,
      forkCount: chain.forkCount,
      failForkCount: chain.failForkCount,
      blockProcessTime: rateBean(chain.blockProcessTime),
      tps: rateBean(chain.tps),
      transactionCacheSize: chain.transactionCacheSize,
      missedTransaction: rateBean(chain.missedTransaction),
      witnesses: chain.witnesses.map((w) => ({ address: w.address, version: w.version })),
      failProcessBlockNum: chain.failProcessBlockNum,
      failProcessBlockReason: chain.failProcessBlockReason,
      dupWitness: chain.dupWitness.map((d) => ({ address: d.address, blockNum: d.blockNum, count: d.count })),
    },
    net: net && {
      errorProtoCount: net.errorProtoCount,
      api: net.api && {
        qps: rateBean(net.api.qps),
        failQps: rateBean(net.api.failQps),
        outTraffic: rateBean(net.api.outTraffic),
        detail: net.api.detail.map((d) => ({
          name: d.name,
          qps: rateBean(d.qps),
          failQps: rateBean(d.failQps),
          outTraffic: rateBean(d.outTraffic),
        })),
      },
      connectionCount: net.connectionCount,
      validConnectionCount: net.validConnectionCount,
      tcpInTraffic: rateBean(net.tcpInTraffic),
      tcpOutTraffic: rateBean(net.tcpOutTraffic),
      disconnectionCount: net.disconnectionCount,
      disconnectionDetail: net.disconnectionDetail.map((d) => ({ reason: d.reason, count: d.count })),
      udpInTraffic: rateBean(net.udpInTraffic),
      udpOutTraffic: rateBean(net.udpOutTraffic),
      latency: net.latency && {
        top99: net.latency.top99,
        top95: net.latency.top95,
        top75: net.latency.top75,
        totalCount: net.latency.totalCount,
        delay1S: net.latency.delay1S,
        delay2S: net.latency.delay2S,
        delay3S: net.latency.delay3S,
        detail: net.latency.detail.map((d) => ({
          witness: d.witness,
          top99: d.top99,
          top95: d.top95,
          top75: d.top75,
          count: d.count,
          delay1S: d.delay1S,
          delay2S: d.delay2S,
          delay3S: d.delay3S,
        })),
      },
    },
  };
}

const getStatsInfo = defineRoute({
  operation: NodeOperations.getStatsInfo,
  paths: ["/monitor/getstatsinfo"],
  methods: ["GET"],
  visibleFrom: "query",
  read: () => undefined,
  print: (info) => fastjsonText(metricsInfoBean(info), { pretty: true }),
});

export const MONITOR_ROUTES: readonly RouteRow[] = [getStatsInfo];
