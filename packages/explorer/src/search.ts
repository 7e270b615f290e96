/** Where a search box's text leads: a transaction, a block (number or id) or an address. */
import { normalizeAddress } from "./address.js";
import { wallet } from "./api.js";

export async function searchTarget(text: string): Promise<string | undefined> {
  const q = text.trim();
  if (/^\d+$/.test(q)) return `#/block/${Number(q)}`;
  const address = normalizeAddress(q);
  if (address) return `#/address/${address}`;
  const hex = q.replace(/^0x/, "").toLowerCase();
  if (/^[0-9a-f]{64}$/.test(hex)) {
    const tx = await wallet("gettransactionbyid", { value: hex }).catch(() => ({}));
    if (tx.txID) return `#/tx/${hex}`;
    const block = await wallet("getblockbyid", { value: hex }).catch(() => ({}));
    if (block.blockID) return `#/block/${hex}`;
  }
  return undefined;
}
