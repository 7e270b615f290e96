import { hexToBytes } from "../crypto/bytes.js";
import {
  CHAIN_PARAMETERS,
  DEFAULT_ACTIVE_OPERATIONS_HEX,
  DEFAULT_AVAILABLE_CONTRACT_TYPE_HEX,
  INTERNAL_PROPERTIES,
} from "./chain-parameters.js";
import { CoreTables } from "./core-tables.js";
import type { StateOverlay } from "./state-overlay.js";
import type { StateView } from "./state-view.js";

const DEFAULTS = new Map<string, bigint>([
  ...CHAIN_PARAMETERS.map((s) => [s.name, s.defaultValue] as const),
  ...Object.entries(INTERNAL_PROPERTIES),
]);

const BYTE_DEFAULTS = new Map<string, string>([
  ["ACTIVE_DEFAULT_OPERATIONS", DEFAULT_ACTIVE_OPERATIONS_HEX],
  ["AVAILABLE_CONTRACT_TYPE", DEFAULT_AVAILABLE_CONTRACT_TYPE_HEX],
]);

/** Typed reads of java-tron's DynamicPropertiesStore values, falling back to java-tron's defaults. */
export class ChainProperties {
  constructor(protected readonly view: StateView) {}

  get(name: string): bigint {
    const v = this.view.get(CoreTables.properties, name);
    if (v !== undefined) return v;
    const d = DEFAULTS.get(name);
    if (d === undefined) return 0n;
    return d;
  }

  getBytes(name: string): Uint8Array {
    const v = this.view.get(CoreTables.byteProperties, name);
    if (v !== undefined) return v;
    const d = BYTE_DEFAULTS.get(name);
    return d === undefined ? new Uint8Array() : hexToBytes(d);
  }

  isOn(name: string): boolean {
    return this.get(name) === 1n;
  }

  get headNumber(): bigint {
    return this.get("LATEST_BLOCK_HEADER_NUMBER");
  }
  get headTimestamp(): bigint {
    return this.get("LATEST_BLOCK_HEADER_TIMESTAMP");
  }
  get headBlockId(): Uint8Array {
    return this.getBytes("LATEST_BLOCK_HEADER_HASH");
  }
  get solidifiedNumber(): bigint {
    return this.get("LATEST_SOLIDIFIED_BLOCK_NUM");
  }
  get genesisTimestamp(): bigint {
    return this.get("GENESIS_TIMESTAMP");
  }
  /** java-tron's head slot: (head timestamp − genesis timestamp) / 3000. */
  get headSlot(): bigint {
    return (this.headTimestamp - this.genesisTimestamp) / 3000n;
  }
}

/** ChainProperties that can also write into an overlay. */
export class MutableChainProperties extends ChainProperties {
  constructor(private readonly overlay: StateOverlay) {
    super(overlay);
  }

  set(name: string, value: bigint): void {
    this.overlay.put(CoreTables.properties, name, value);
  }

  setBytes(name: string, value: Uint8Array): void {
    this.overlay.put(CoreTables.byteProperties, name, value);
  }

  add(name: string, delta: bigint): void {
    this.set(name, this.get(name) + delta);
  }
}
