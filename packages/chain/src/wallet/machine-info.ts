/**
 * java-tron's NodeInfo.MachineInfo for this process: the OS figures, the V8 heap as the JVM heap,
 * and each V8 heap space as one of java-tron's memory pools (its JVM pools: Code Cache, Metaspace,
 * Eden Space, …). The CPU share is measured between two readings.
 */
import os from "node:os";
import v8 from "node:v8";
import type { MachineSummary } from "@tronode/engine/internal";

export function createMachineInfo(): () => MachineSummary {
  let lastCpu = process.cpuUsage();
  let lastAt = process.hrtime.bigint();
  return () => {
    const now = process.hrtime.bigint();
    const cpu = process.cpuUsage();
    const elapsedUs = Number(now - lastAt) / 1000;
    const usedUs = cpu.user - lastCpu.user + (cpu.system - lastCpu.system);
    const cpus = os.cpus().length;
    lastCpu = cpu;
    lastAt = now;
    const heap = process.memoryUsage();
    return {
      threadCount: 1,
      cpuCount: cpus,
      totalMemory: os.totalmem(),
      freeMemory: os.freemem(),
      runtimeVersion: process.version,
      osName: `${os.type()} ${os.release()}`,
      heapTotal: heap.heapTotal,
      heapFree: Math.max(0, heap.heapTotal - heap.heapUsed),
      processCpuRate: elapsedUs > 0 ? Math.min(1, usedUs / elapsedUs / cpus) : 0,
      memoryPools: v8.getHeapSpaceStatistics().map((space) => ({
        name: space.space_name,
        initSize: 0,
        useSize: space.space_used_size,
        maxSize: space.space_size,
        useRate: space.space_size > 0 ? space.space_used_size / space.space_size : 0,
      })),
    };
  };
}
