// The part of measured-core 2.0.0 (a port of Coda Hale's metrics, which java-tron uses) the node uses.
declare module "measured-core" {
  export interface MeterProperties {
    readonly rateUnit?: number;
    readonly tickInterval?: number;
    readonly keepAlive?: boolean;
  }
  export interface MeterData {
    readonly mean: number;
    readonly count: number;
    readonly currentRate: number;
    readonly "1MinuteRate": number;
    readonly "5MinuteRate": number;
    readonly "15MinuteRate": number;
  }
  export class Meter {
    constructor(properties?: MeterProperties);
    mark(n?: number): void;
    end(): void;
    toJSON(): MeterData;
  }
  export class Histogram {
    update(value: number): void;
    toJSON(): { readonly count: number };
    /** Percentiles of the exponentially decaying sample, weighted (Dropwizard's WeightedSnapshot). */
    weightedPercentiles(percentiles: readonly number[]): Record<number, number | null>;
  }
}
