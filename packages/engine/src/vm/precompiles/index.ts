import { shieldedPrecompileAt } from "../../shielded/precompiles.js";
import type { VmConfig } from "../config.js";
import { freezeV2Precompiles, votePrecompiles } from "./queries.js";
import { batchValidateSign, validateMultiSign } from "./signatures.js";
import {
  blake2F,
  bn128Add,
  bn128Mul,
  bn128Pairing,
  ecRecover,
  ethRipemd160,
  identity,
  modExp,
  p256Verify,
  sha256Precompile,
  tronRipemd160,
} from "./standard.js";
import type { Precompile } from "./types.js";

export type { Precompile } from "./types.js";

const TRON_BASE = 0x1000000n;

/**
 * PrecompiledContracts.getContractForAddress: the precompile at a full 32-byte address word
 * (0x41…01 is not ecrecover), as enabled by the flags.
 */
export function precompileFor(address: bigint, config: VmConfig): Precompile | undefined {
  if (address > 0x1000015n) return undefined;
  if (address <= 0x0an) {
    switch (Number(address)) {
      case 1:
        return ecRecover;
      case 2:
        return sha256Precompile;
      case 3:
        return tronRipemd160;
      case 4:
        return identity;
      case 5:
        return modExp;
      case 6:
        return bn128Add(config.allowTvmIstanbul);
      case 7:
        return bn128Mul(config.allowTvmIstanbul);
      case 8:
        return bn128Pairing(config.allowTvmIstanbul);
      case 9:
        return config.allowTvmSolidity059 ? batchValidateSign : undefined;
      case 10:
        return config.allowTvmSolidity059 ? validateMultiSign : undefined;
      default:
        // address 0: java-tron has no precompile there
        return undefined;
    }
  }
  if (address === 0x100n) return config.allowTvmOsaka ? p256Verify : undefined;
  if (address === 0x020003n) return config.allowTvmCompatibleEvm ? ethRipemd160 : undefined;
  if (address === 0x020009n) return config.allowTvmCompatibleEvm ? blake2F : undefined;
  if (address < TRON_BASE) return undefined;
  const index = Number(address - TRON_BASE);
  if (index >= 1 && index <= 4) return config.allowShieldedTrc20Transaction ? SHIELDED[index - 1] : undefined;
  if (index >= 5 && index <= 0x0a) return config.allowTvmVote ? votePrecompiles[index - 5] : undefined;
  if (index >= 0x0b && index <= 0x15)
    return config.allowTvmFreezeV2 ? freezeV2Precompiles[index - 0x0b] : undefined;
  return undefined;
}

/**
 * The shielded TRC-20 precompiles 0x1000001–0x1000004: the shielded domain's pure functions
 * (shielded/precompiles.ts) behind the VM's Precompile shape. A spend proof this node cannot verify
 * throws SHIELDED_SPEND_VK_UNAVAILABLE, which the VM lets through as a refusal of the whole
 * transaction or constant call (`isVmRefusal`), never as a verdict.
 */
function adaptShielded(address: bigint): Precompile {
  const shielded = shieldedPrecompileAt(address, true)!;
  const energy = Number(shielded.energy);
  return {
    energy: () => energy,
    execute: (data) => {
      const out = shielded.execute(data);
      return { success: out.success, data: out.output };
    },
  };
}

const SHIELDED: readonly Precompile[] = [0x1000001n, 0x1000002n, 0x1000003n, 0x1000004n].map(adaptShielded);
