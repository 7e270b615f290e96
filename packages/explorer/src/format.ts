/** How the explorer shows numbers, amounts and times. */

/** Sun → TRX with up to 6 decimals, grouped. */
export function trx(sun: number | string | bigint | undefined): string {
  return `${units(BigInt(sun ?? 0), 6)} TRX`;
}

/** An integer amount with `decimals` places, grouped, trailing zeros dropped. */
export function units(amount: bigint, decimals: number): string {
  const negative = amount < 0n;
  const abs = negative ? -amount : amount;
  const scale = 10n ** BigInt(decimals);
  const whole = (abs / scale).toLocaleString("en-US");
  const fraction = decimals > 0 ? (abs % scale).toString().padStart(decimals, "0").replace(/0+$/, "") : "";
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

export function grouped(n: number | string | bigint | undefined): string {
  return BigInt(n ?? 0).toLocaleString("en-US");
}

export function time(ms: number | undefined): string {
  if (!ms) return "—";
  return new Date(ms)
    .toISOString()
    .replace("T", " ")
    .replace(/\.\d+Z$/, " UTC");
}

export function ago(ms: number | undefined, now = Date.now()): string {
  if (!ms) return "—";
  const s = Math.max(0, Math.round((now - ms) / 1000));
  if (s < 60) return `${s}s ago`;
  if (s < 3600) return `${Math.floor(s / 60)}m ago`;
  if (s < 86400) return `${Math.floor(s / 3600)}h ago`;
  return `${Math.floor(s / 86400)}d ago`;
}

/** `abcdef…7890` for long ids. */
export function short(text: string, keep = 8): string {
  return text.length <= keep * 2 + 1 ? text : `${text.slice(0, keep)}…${text.slice(-keep)}`;
}

const LABELS: Record<string, string> = {
  TriggerSmartContract: "Contract call",
  CreateSmartContract: "Deploy",
  TransferContract: "TRX transfer",
  TransferAssetContract: "TRC-10 transfer",
};

/** `TransferContract` → `TRX transfer`, `FreezeBalanceV2Contract` → `FreezeBalanceV2`. */
export function contractLabel(type: string | undefined): string {
  return type ? (LABELS[type] ?? type.replace(/Contract$/, "")) : "—";
}

export function hexToText(hex: string | undefined): string {
  if (!hex) return "";
  const bytes = new Uint8Array((hex.match(/../g) ?? []).map((b) => Number.parseInt(b, 16)));
  return new TextDecoder().decode(bytes);
}
