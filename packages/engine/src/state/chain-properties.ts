import { hexToBytes } from "../crypto/bytes.js";
import {
  BYTE_PROPERTIES,
  type BytePropertyName,
  CHAIN_PARAMETERS,
  INTERNAL_PROPERTIES,
  type PropertyName,
} from "./chain-parameters.js";
import { CoreTables } from "./core-tables.js";
import type { StateOverlay } from "./state-overlay.js";
import type { StateView } from "./state-view.js";

const DEFAULTS = new Map<PropertyName, bigint>([
  ...CHAIN_PARAMETERS.map((s) => [s.name, s.defaultValue] as const),
  ...(Object.entries(INTERNAL_PROPERTIES) as [PropertyName, bigint][]),
]);

/**
 * Typed reads of java-tron's DynamicPropertiesStore values, falling back to java-tron's defaults.
 * Names are the declared ones (state/chain-parameters.ts): a misspelled or undeclared name does
 * not compile, where java-tron's typed accessors would not exist.
 */
export class ChainProperties {
  constructor(protected readonly view: StateView) {}

  get(name: PropertyName): bigint {
    const v = this.view.get(CoreTables.properties, name);
    if (v !== undefined) return v;
    return DEFAULTS.get(name)!;
  }

  getBytes(name: BytePropertyName): Uint8Array {
    const v = this.view.get(CoreTables.byteProperties, name);
    if (v !== undefined) return v;
    return hexToBytes(BYTE_PROPERTIES[name]);
  }

  isOn(name: PropertyName): boolean {
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

  set(name: PropertyName, value: bigint): void {
    this.overlay.put(CoreTables.properties, name, value);
  }

  setBytes(name: BytePropertyName, value: Uint8Array): void {
    this.overlay.put(CoreTables.byteProperties, name, value);
  }

  add(name: PropertyName, delta: bigint): void {
    this.set(name, this.get(name) + delta);
  }
}
