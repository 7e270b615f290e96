import { type Actuator, typeErrorA, validateError } from "../../actuator/actuator.js";
import { addAssetAmount } from "../../assets/asset-balances.js";
import { withAccountFields } from "../../chain/accounts.js";
import { addExact } from "../../chain/arithmetic.js";
import { burnFee } from "../../chain/fees.js";
import { isValidAddress } from "../../crypto/address.js";
import { bytesEqual } from "../../crypto/bytes.js";
import { isTrx } from "../../exchanges/exchange-store.js";
import { ContractType } from "../../protocol/contract-types.js";
import { MarketCancelOrderContractSchema } from "../../protocol/generated/protocol/contracts_pb.js";
import { MarketOrder_State } from "../../protocol/generated/protocol/core_pb.js";
import { CoreTables } from "../../state/core-tables.js";
import { pairKey, pairPriceKeyOf, reducedPrice } from "../market-keys.js";
import {
  getOrder,
  priceLevelCount,
  putOrder,
  removeEmptyPriceLevel,
  setOrderState,
  unlinkOrder,
} from "../order-book.js";
import { MarketTables } from "../tables.js";
import { MARKET_DISABLED } from "./market-sell-asset.js";

/**
 * MarketCancelOrderContract (type 53): the owner withdraws an active order; its unsold remainder
 * is returned and the order leaves the book (and its price level, when it was the last there).
 */
export const marketCancelOrderActuator: Actuator<typeof MarketCancelOrderContractSchema> = {
  type: ContractType.MarketCancelOrderContract,
  schema: MarketCancelOrderContractSchema,
  typeErrorMessage: typeErrorA("MarketCancelOrderContract"),

  validate({ state, props }, p) {
    if (!props.isOn("ALLOW_MARKET_TRANSACTION")) throw validateError(MARKET_DISABLED);
    if (!isValidAddress(p.ownerAddress)) throw validateError("Invalid address");
    const owner = state.get(CoreTables.accounts, p.ownerAddress);
    if (!owner) throw validateError("Account does not exist!");
    const order = getOrder(state, p.orderId);
    if (!order) throw validateError("orderId not exists");
    if (order.state !== MarketOrder_State.ACTIVE) throw validateError("Order is not active!");
    if (!bytesEqual(order.ownerAddress, owner.address))
      throw validateError("Order does not belong to the account!");
    if (owner.balance < props.get("MARKET_CANCEL_FEE")) throw validateError("No enough balance !");
  },

  execute({ state, props }, p) {
    const fee = props.get("MARKET_CANCEL_FEE");
    let account = state.get(CoreTables.accounts, p.ownerAddress)!;
    let order = getOrder(state, p.orderId)!;
    account = withAccountFields(account, { balance: account.balance - fee });
    burnFee(state, props, fee);
    // the unsold remainder goes back
    const remain = order.sellTokenQuantityRemain;
    account = isTrx(order.sellTokenId)
      ? withAccountFields(account, { balance: addExact(account.balance, remain) })
      : addAssetAmount(state, props, account, order.sellTokenId, remain);
    order = setOrderState(state, { ...order, sellTokenQuantityRemain: 0n }, MarketOrder_State.CANCELED);
    state.put(CoreTables.accounts, order.ownerAddress, account);
    putOrder(state, order);
    // out of its price level's list, and the level out of the book when it empties
    const pair = pairKey(order.sellTokenId, order.buyTokenId);
    const price = reducedPrice(order.sellTokenQuantity, order.buyTokenQuantity);
    const priceKey = pairPriceKeyOf(pair, price);
    const list = { ...state.get(MarketTables.marketPriceOrders, priceKey)! };
    unlinkOrder(state, list, order, priceKey);
    if (list.head.length === 0) {
      removeEmptyPriceLevel(state, props, pair, price, priceLevelCount(state, pair) - 1n);
    }
    return { fee };
  },
};
