/** Reading and writing exchanges as java-tron's Commons.getExchangeStoreFinal / putExchangeCapsule do. */
import { tokensById } from "../assets/asset-balances.js";
import { AssetTables } from "../assets/tables.js";
import { bytesEqual, utf8Encode } from "../crypto/bytes.js";
import type { Exchange } from "../protocol/generated/protocol/core_pb.js";
import type { ChainProperties } from "../state/chain-properties.js";
import type { StateOverlay } from "../state/state-overlay.js";
import type { StateView } from "../state/state-view.js";
import { ExchangeTables } from "./tables.js";

/** TRX's token id in an exchange: the one byte "_". */
export const TRX_SYMBOL = utf8Encode("_");

export function isTrx(tokenId: Uint8Array): boolean {
  return bytesEqual(tokenId, TRX_SYMBOL);
}

/** The exchange as the actuators see it: with token names while ALLOW_SAME_TOKEN_NAME = 0, ids afterwards. */
export function findExchange(view: StateView, props: ChainProperties, id: bigint): Exchange | undefined {
  return view.get(tokensById(props) ? ExchangeTables.exchangesV2 : ExchangeTables.exchanges, id);
}

/** A by-name token key translated to its id (ExchangeCapsule.resetTokenWithID); "_" stays "_". */
export function tokenIdOfName(view: StateView, name: Uint8Array): Uint8Array {
  if (isTrx(name)) return name;
  return utf8Encode(view.get(AssetTables.assetIssues, name)?.id ?? "");
}

/** putExchangeCapsule: by name, the V1 record and a V2 copy with ids; by id, only V2. */
export function putExchange(state: StateOverlay, props: ChainProperties, exchange: Exchange): void {
  if (tokensById(props)) {
    state.put(ExchangeTables.exchangesV2, exchange.exchangeId, exchange);
    return;
  }
  state.put(ExchangeTables.exchanges, exchange.exchangeId, exchange);
  state.put(ExchangeTables.exchangesV2, exchange.exchangeId, {
    ...exchange,
    firstTokenId: tokenIdOfName(state, exchange.firstTokenId),
    secondTokenId: tokenIdOfName(state, exchange.secondTokenId),
  });
}
