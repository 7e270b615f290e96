/// <reference path="./measured-core.d.ts" />
/**
 * The node's statistics, kept as java-tron's MetricsUtil keeps them (Dropwizard meters, counters
 * and histograms under java-tron's MetricsKey names) and reported in the shape of its
 * MetricsApiService (/monitor/getstatsinfo, Monitor.GetStatsInfo). java-tron records them only with
 * `node.metricsEnable`; tronode always does (a few counters per block and request).
 */
import { create } from "@bufbuild/protobuf";
import { bytesToHex, type MetricsInfo, MetricsInfoSchema } from "@tronode/engine/internal";
import { Histogram, Meter } from "measured-core";

/** java-tron's MetricsKey names (the per-endpoint and per-witness ones are prefixes). */
const Keys = {
  tps: "blockchain.tps",
  blockProcessTime: "blockchain.blockProcessTime",
  forkCount: "blockchain.forkCount",
  failForkCount: "blockchain.failForkCount",
  missedTransaction: "blockchain.missedTransaction",
  latency: "net.latency",
  latencyWitness: "net.latency.witness.",
  tcpIn: "net.tcpInTraffic",
  tcpOut: "net.tcpOutTraffic",
  udpIn: "net.udpInTraffic",
  udpOut: "net.udpOutTraffic",
  apiOutTraffic: "net.api.outTraffic",
  apiQps: "net.api.qps",
  apiFailQps: "net.api.failQps",
  apiDetailQps: "net.api.detail.qps.",
  apiDetailFailQps: "net.api.detail.failQps.",
  apiDetailOutTraffic: "net.api.detail.outTraffic.",
} as const;

/** A block the node applied on its head, as the statistics need it. */
export interface AppliedBlockFacts {
  readonly id: Uint8Array;
  readonly number: bigint;
  readonly witness: Uint8Array;
  readonly timestamp: number;
  readonly version: number;
  readonly transactions: number;
}

/** What the report reads from the running node at the moment it is asked. */
export interface NodeMetricsContext {
  readonly ip: string;
  readonly version: string;
  /** Whether this node holds the key of an active witness (nodeType 1). */
  readonly isActiveWitness: boolean;
  readonly headNumber: bigint;
  readonly headTimestamp: bigint;
  readonly headId: Uint8Array;
  readonly pendingSize: number;
  /** The active witnesses (hex addresses), in the schedule's order. */
  readonly activeWitnesses: readonly string[];
  readonly connectionCount: number;
  readonly validConnectionCount: number;
}

/** getstatsinfo's statistics as java-tron's MetricsUtil keeps them: what is recorded, and the report. */
export interface NodeMetrics {
  /** BlockChainMetricManager.applyBlock: duplicate witness blocks, latency, transactions. */
  blockApplied(block: AppliedBlockFacts): void;
  /** Manager.pushBlock's cost (ms) of one block. */
  blockProcessed(ms: number): void;
  /** Manager.switchFork: a switch begun, and whether it failed. */
  forkSwitched(failed: boolean): void;
  /** HttpInterceptor: one HTTP request answered. */
  httpAnswered(endpoint: string, status: number, bytes: number): void;
  /** RateLimiterInterceptor: one gRPC call (`/protocol.Wallet/GetAccount`) and whether it failed to start. */
  grpcCalled(method: string, failed: boolean): void;
  /** TronStatsManager: bytes on the P2P sockets. */
  traffic(kind: "tcpIn" | "tcpOut" | "udpIn" | "udpOut", bytes: number): void;
  /** PeerConnection.disconnect: one disconnection and its reason's name. */
  disconnected(reason: string): void;
  /** TronMessageFactory: a P2P message that did not decode. */
  errorProto(): void;
  report(context: NodeMetricsContext): MetricsInfo;
  /** Stops the meters' tick timers. */
  close(): void;
}

/** The clock the metrics' rates and block latencies are measured on. */
export interface NodeMetricsOptions {
  /** Wall-clock milliseconds (latency is the block's age when it is applied). */
  readonly now: () => number;
}

/** getstatsinfo's statistics, recorded as blocks are applied and requests answered. */
export function createNodeMetrics(options: NodeMetricsOptions): NodeMetrics {
  const startedAt = options.now();
  const meters = new Map<string, Meter>();
  const counters = new Map<string, number>();
  const histograms = new Map<string, Histogram>();
  /** Per witness (hex): the last block it made (BlockChainMetricManager.witnessInfo). */
  const lastBlocks = new Map<string, AppliedBlockFacts>();
  const dupWitnessBlockNum = new Map<string, bigint>();

  const meter = (key: string): Meter => {
    let m = meters.get(key);
    if (!m) {
      m = new Meter();
      meters.set(key, m);
    }
    return m;
  };
  const mark = (key: string, n = 1) => meter(key).mark(n);
  const count = (key: string) => counters.get(key) ?? 0;
  const inc = (key: string) => counters.set(key, count(key) + 1);
  const histogram = (key: string): Histogram => {
    let h = histograms.get(key);
    if (!h) {
      h = new Histogram();
      histograms.set(key, h);
    }
    return h;
  };
  const rate = (key: string) => {
    const data = meter(key).toJSON();
    return {
      count: BigInt(data.count),
      meanRate: data.mean,
      oneMinuteRate: data["1MinuteRate"],
      fiveMinuteRate: data["5MinuteRate"],
      fifteenMinuteRate: data["15MinuteRate"],
    };
  };
  const withPrefix = <T>(map: Map<string, T>, prefix: string) =>
    [...map.keys()].filter((k) => k.startsWith(prefix)).sort();
  const percentiles = (h: Histogram) => {
    const p = h.weightedPercentiles([0.99, 0.95, 0.75]);
    // Dropwizard's snapshot percentiles, cast to int as java-tron does
    return {
      top99: Math.trunc(p[0.99] ?? 0),
      top95: Math.trunc(p[0.95] ?? 0),
      top75: Math.trunc(p[0.75] ?? 0),
    };
  };

  return {
    blockApplied(block) {
      const witness = bytesToHex(block.witness);
      const last = lastBlocks.get(witness);
      if (last && bytesToHex(last.id) !== bytesToHex(block.id) && last.timestamp === block.timestamp) {
        inc(`blockchain.dupWitness.${witness}`);
        dupWitnessBlockNum.set(witness, block.number);
      }
      lastBlocks.set(witness, block);
      const latency = options.now() - block.timestamp;
      histogram(Keys.latency).update(latency);
      histogram(Keys.latencyWitness + witness).update(latency);
      const bucket = latency >= 3000 ? ".3S" : latency >= 2000 ? ".2S" : latency >= 1000 ? ".1S" : undefined;
      if (bucket) {
        inc(Keys.latency + bucket);
        inc(Keys.latencyWitness + witness + bucket);
      }
      if (block.transactions > 0) mark(Keys.tps, block.transactions);
    },
    blockProcessed(ms) {
      mark(Keys.blockProcessTime, Math.round(ms));
    },
    forkSwitched(failed) {
      mark(failed ? Keys.failForkCount : Keys.forkCount);
    },
    httpAnswered(endpoint, status, bytes) {
      mark(Keys.apiOutTraffic, bytes);
      mark(Keys.apiQps);
      // HttpInterceptor: 400..406 count as failed without a per-endpoint meter
      if (status >= 400 && status <= 406) {
        mark(Keys.apiFailQps);
        return;
      }
      if (status === 200) mark(Keys.apiDetailQps + endpoint);
      else {
        mark(Keys.apiFailQps);
        mark(Keys.apiDetailFailQps + endpoint);
      }
      mark(Keys.apiDetailOutTraffic + endpoint, bytes);
    },
    grpcCalled(method, failed) {
      mark(Keys.apiQps);
      mark(Keys.apiDetailQps + method);
      if (failed) {
        mark(Keys.apiFailQps);
        mark(Keys.apiDetailFailQps + method);
      }
    },
    traffic(kind, bytes) {
      mark(Keys[kind], bytes);
    },
    disconnected(reason) {
      inc("net.disconnectionCount");
      inc(`net.disconnectionDetail.${reason}`);
    },
    errorProto() {
      inc("net.errorProtoCount");
    },
    report(context) {
      const witnesses = context.activeWitnesses.flatMap((address) => {
        const block = lastBlocks.get(address);
        return block ? [{ address, version: block.version }] : [];
      });
      const dupWitness = withPrefix(counters, "blockchain.dupWitness.").map((key) => {
        const address = key.slice("blockchain.dupWitness.".length);
        return { address, blockNum: dupWitnessBlockNum.get(address) ?? 0n, count: count(key) };
      });
      const details = withPrefix(meters, Keys.apiDetailQps).map((key) => {
        const name = key.slice(Keys.apiDetailQps.length);
        return {
          name,
          qps: rate(key),
          ...(meters.has(Keys.apiDetailFailQps + name)
            ? { failQps: rate(Keys.apiDetailFailQps + name) }
            : {}),
          ...(meters.has(Keys.apiDetailOutTraffic + name)
            ? { outTraffic: rate(Keys.apiDetailOutTraffic + name) }
            : {}),
        };
      });
      const latency = histogram(Keys.latency);
      const latencyDetail = withPrefix(histograms, Keys.latencyWitness).map((key) => {
        const witness = key.slice(Keys.latencyWitness.length);
        const h = histograms.get(key)!;
        return {
          witness,
          ...percentiles(h),
          count: h.toJSON().count,
          delay1S: count(`${key}.1S`),
          delay2S: count(`${key}.2S`),
          delay3S: count(`${key}.3S`),
        };
      });
      return create(MetricsInfoSchema, {
        interval: BigInt(Math.floor((options.now() - startedAt) / 1000)),
        node: {
          ip: context.ip,
          nodeType: context.isActiveWitness ? 1 : 0,
          version: context.version,
          backupStatus: 0,
        },
        blockchain: {
          headBlockNum: context.headNumber,
          headBlockTimestamp: context.headTimestamp,
          headBlockHash: bytesToHex(context.headId),
          forkCount: Number(rate(Keys.forkCount).count),
          failForkCount: Number(rate(Keys.failForkCount).count),
          blockProcessTime: rate(Keys.blockProcessTime),
          tps: rate(Keys.tps),
          transactionCacheSize: context.pendingSize,
          missedTransaction: rate(Keys.missedTransaction),
          witnesses,
          failProcessBlockNum: 0n,
          failProcessBlockReason: "",
          dupWitness,
        },
        net: {
          errorProtoCount: count("net.errorProtoCount"),
          api: {
            qps: rate(Keys.apiQps),
            failQps: rate(Keys.apiFailQps),
            outTraffic: rate(Keys.apiOutTraffic),
            detail: details,
          },
          connectionCount: context.connectionCount,
          validConnectionCount: context.validConnectionCount,
          tcpInTraffic: rate(Keys.tcpIn),
          tcpOutTraffic: rate(Keys.tcpOut),
          disconnectionCount: count("net.disconnectionCount"),
          disconnectionDetail: withPrefix(counters, "net.disconnectionDetail.").map((key) => ({
            reason: key.slice("net.disconnectionDetail.".length),
            count: count(key),
          })),
          udpInTraffic: rate(Keys.udpIn),
          udpOutTraffic: rate(Keys.udpOut),
          latency: {
            ...percentiles(latency),
            totalCount: latency.toJSON().count,
            delay1S: count(`${Keys.latency}.1S`),
            delay2S: count(`${Keys.latency}.2S`),
            delay3S: count(`${Keys.latency}.3S`),
            detail: latencyDetail,
          },
        },
      });
    },
    close() {
      for (const m of meters.values()) m.end();
    },
  };
}
