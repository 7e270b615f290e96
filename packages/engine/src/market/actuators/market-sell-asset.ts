import { create } from "@bufbuild/protobuf";
import { type Actuator, executeError, typeErrorA, validateError } from "../../actuator/actuator.js";
import {
  addAssetAmount,
  assetBalanceEnough,
  findToken,
  reduceAssetAmount,
} from "../../assets/asset-balances.js";
import { isNumber } from "../../assets/asset-rules.js";
import { withAccountFields } from "../../chain/accounts.js";
import { addExact, subtractExact } from "../../chain/arithmetic.js";
import { burnFee } from "../../chain/fees.js";
import { isValidAddress } from "../../crypto/address.js";
import { bytesEqual } from "../../crypto/bytes.js";
import { TronodeError } from "../../errors.js";
import { isTrx } from "../../exchanges/exchange-store.js";
import { ContractType } from "../../protocol/contract-types.js";
import { MarketSellAssetContractSchema } from "../../protocol/generated/protocol/contracts_pb.js";
import {
  type Account,
  type MarketOrder,
  MarketOrder_State,
  type MarketOrderDetail,
  MarketOrderDetailSchema,
  MarketOrderSchema,
} from "../../protocol/generated/protocol/core_pb.js";
import type { MutableChainProperties } from "../../state/chain-properties.js";
import { CoreTables } from "../../state/core-tables.js";
import type { StateOverlay } from "../../state/state-overlay.js";
import {
  calculateOrderId,
  multiplyAndDivide,
  type Price,
  pairKey,
  pairPriceKey,
  pairPriceKeyOf,
  priceMatch,
  reducedPrice,
} from "../market-keys.js";
import {
  accountOrders,
  addPriceLevelOf,
  appendOrder,
  emptyOrderList,
  getOrder,
  newAccountOrders,
  priceLevelCount,
  putOrder,
  removeEmptyPriceLevel,
  setOrderState,
  unlinkOrder,
} from "../order-book.js";
import { bestPriceLevels } from "../price-levels.js";
import { MarketTables } from "../tables.js";

/** MarketSellAssetActuator.MAX_ACTIVE_ORDER_NUM: active orders per account. */
export const MAX_ACTIVE_ORDER_NUM = 100n;
/** MarketSellAssetActuator.MAX_MATCH_NUM: maker orders one sell order may fill. */
export const MAX_MATCH_NUM = 20;

export const MARKET_DISABLED = "Not support Market Transaction, need to be opened by the committee";

/** Credits TRX or a token to an account (the order's buy side). */
function credit(
  state: StateOverlay,
  props: MutableChainProperties,
  account: Account,
  tokenId: Uint8Array,
  amount: bigint,
) {
  if (isTrx(tokenId)) return withAccountFields(account, { balance: addExact(account.balance, amount) });
  return addAssetAmount(state, props, account, tokenId, amount);
}

/**
 * One sell order being executed: java-tron's MarketSellAssetActuator keeps the taker's account and
 * order in memory and writes them at the end, while makers' accounts are read and written as it
 * goes (so a maker order of the taker's own account is credited on a stale copy that the taker's
 * final write replaces — java-tron's self-match behaviour, reproduced on purpose).
 */
class SellExecution {
  taker: Account;
  order: MarketOrder;
  readonly details: MarketOrderDetail[] = [];

  constructor(
    private readonly state: StateOverlay,
    private readonly props: MutableChainProperties,
    taker: Account,
    order: MarketOrder,
  ) {
    this.taker = taker;
    this.order = order;
  }

  /** MarketSellAssetActuator.matchOrder: against the opposite pair's best price levels. */
  match(takerPrice: Price): void {
    const { state, props } = this;
    const makerSell = this.order.buyTokenId;
    const makerBuy = this.order.sellTokenId;
    const makerPair = pairKey(makerSell, makerBuy);
    const levels = priceLevelCount(state, makerPair);
    if (levels === 0n) return;
    let remaining = levels;
    const prices = bestPriceLevels(state, makerPair, Math.min(MAX_MATCH_NUM + 1, Number(levels)));
    let matches = 0;
    while (this.order.sellTokenQuantityRemain !== 0n) {
      const best = prices[0];
      if (!best || !priceMatch(takerPrice, best)) return;
      const priceKey = pairPriceKeyOf(makerPair, best);
      const list = { ...state.get(MarketTables.marketPriceOrders, priceKey)! };
      while (this.order.sellTokenQuantityRemain !== 0n && list.head.length !== 0) {
        let maker = getOrder(state, list.head)!;
        maker = this.matchSingle(maker);
        if (maker.sellTokenQuantityRemain === 0n) unlinkOrder(state, list, maker, priceKey);
        matches++;
        if (matches > MAX_MATCH_NUM) {
          throw executeError(`Too many matches. MAX_MATCH_NUM = ${MAX_MATCH_NUM}`);
        }
      }
      if (list.head.length === 0) {
        prices.shift();
        remaining -= 1n;
        removeEmptyPriceLevel(state, props, makerPair, best, remaining);
        if (remaining === 0n) break;
      }
    }
  }

  /** MarketSellAssetActuator.matchSingleOrder; returns the maker order as it now stands. */
  private matchSingle(makerIn: MarketOrder): MarketOrder {
    const { state, props } = this;
    let maker = makerIn;
    let taker = this.order;
    const takerRemain = taker.sellTokenQuantityRemain;
    const makerSellQuantity = maker.sellTokenQuantity;
    const makerBuyQuantity = maker.buyTokenQuantity;
    const makerRemain = maker.sellTokenQuantityRemain;

    // what the taker's remainder buys at the maker's price
    const takerBuyRemain = multiplyAndDivide(takerRemain, makerSellQuantity, makerBuyQuantity);
    if (takerBuyRemain === 0n) {
      // too little to buy a single unit: the remainder goes back to the taker
      taker = { ...taker, sellTokenQuantityReturn: taker.sellTokenQuantityRemain };
      this.taker = this.returnRemain(this.taker, taker);
      this.order = setOrderState(
        state,
        { ...taker, sellTokenQuantityRemain: 0n },
        MarketOrder_State.INACTIVE,
      );
      return maker;
    }
    let takerReceives: bigint;
    let makerReceives: bigint;
    if (takerBuyRemain === maker.sellTokenQuantityRemain) {
      makerReceives = multiplyAndDivide(makerRemain, makerBuyQuantity, makerSellQuantity);
      takerReceives = maker.sellTokenQuantityRemain;
      const takerLeft = taker.sellTokenQuantityRemain - makerReceives;
      taker = { ...taker, sellTokenQuantityRemain: takerLeft };
      maker = { ...maker, sellTokenQuantityRemain: 0n };
      if (takerLeft === 0n) taker = setOrderState(state, taker, MarketOrder_State.INACTIVE);
      maker = setOrderState(state, maker, MarketOrder_State.INACTIVE);
    } else if (takerBuyRemain < maker.sellTokenQuantityRemain) {
      // the taker's whole remainder is filled
      takerReceives = takerBuyRemain;
      makerReceives = taker.sellTokenQuantityRemain;
      taker = setOrderState(state, { ...taker, sellTokenQuantityRemain: 0n }, MarketOrder_State.INACTIVE);
      maker = {
        ...maker,
        sellTokenQuantityRemain: subtractExact(maker.sellTokenQuantityRemain, takerBuyRemain),
      };
    } else {
      // the maker's whole remainder is filled
      takerReceives = maker.sellTokenQuantityRemain;
      makerReceives = multiplyAndDivide(makerRemain, makerBuyQuantity, makerSellQuantity);
      maker = setOrderState(state, maker, MarketOrder_State.INACTIVE);
      if (makerReceives === 0n) {
        // java-tron notes this cannot happen; it returns the maker's remainder if it did
        maker = { ...maker, sellTokenQuantityReturn: maker.sellTokenQuantityRemain };
        const owner = state.get(CoreTables.accounts, maker.ownerAddress)!;
        state.put(CoreTables.accounts, maker.ownerAddress, this.returnRemain(owner, maker));
        this.order = taker;
        return { ...maker, sellTokenQuantityRemain: 0n };
      }
      maker = { ...maker, sellTokenQuantityRemain: 0n };
      taker = {
        ...taker,
        sellTokenQuantityRemain: subtractExact(taker.sellTokenQuantityRemain, makerReceives),
      };
    }
    putOrder(state, maker);
    this.order = taker;
    this.taker = credit(state, props, this.taker, taker.buyTokenId, takerReceives);
    const makerAccount = state.get(CoreTables.accounts, maker.ownerAddress)!;
    state.put(
      CoreTables.accounts,
      maker.ownerAddress,
      credit(state, props, makerAccount, maker.buyTokenId, makerReceives),
    );
    this.details.push(
      create(MarketOrderDetailSchema, {
        makerOrderId: maker.orderId,
        takerOrderId: taker.orderId,
        fillSellQuantity: makerReceives,
        fillBuyQuantity: takerReceives,
      }),
    );
    return maker;
  }

  /** MarketUtils.returnSellTokenRemain: the order's unsold remainder back to `account`. */
  private returnRemain(account: Account, order: MarketOrder): Account {
    const remain = order.sellTokenQuantityRemain;
    if (isTrx(order.sellTokenId))
      return withAccountFields(account, { balance: addExact(account.balance, remain) });
    return addAssetAmount(this.state, this.props, account, order.sellTokenId, remain);
  }
}

/**
 * MarketSellAssetContract (type 52): offers `sell_token_quantity` of one token (or TRX, "_") for
 * at least `buy_token_quantity` of another. The order fills against the opposite side's best
 * prices (up to 20 maker orders), and what is left rests in the book at its own price.
 */
export const marketSellAssetActuator: Actuator<typeof MarketSellAssetContractSchema> = {
  type: ContractType.MarketSellAssetContract,
  schema: MarketSellAssetContractSchema,
  typeErrorMessage: typeErrorA("MarketSellAssetContract"),

  validate({ state, props }, p) {
    if (!props.isOn("ALLOW_MARKET_TRANSACTION")) throw validateError(MARKET_DISABLED);
    if (!isValidAddress(p.ownerAddress)) throw validateError("Invalid address");
    const owner = state.get(CoreTables.accounts, p.ownerAddress);
    if (!owner) throw validateError("Account does not exist!");
    const sell = p.sellTokenId;
    const buy = p.buyTokenId;
    if (!isTrx(sell) && !isNumber(sell)) throw validateError("sellTokenId is not a valid number");
    if (!isTrx(buy) && !isNumber(buy)) throw validateError("buyTokenId is not a valid number");
    if (bytesEqual(sell, buy)) throw validateError("cannot exchange same tokens");
    if (p.sellTokenQuantity <= 0n || p.buyTokenQuantity <= 0n) {
      throw validateError("token quantity must greater than zero");
    }
    const limit = props.get("MARKET_QUANTITY_LIMIT");
    if (p.sellTokenQuantity > limit || p.buyTokenQuantity > limit) {
      throw validateError(`token quantity must less than ${limit}`);
    }
    const orders = accountOrders(state, p.ownerAddress);
    if (orders && orders.count >= MAX_ACTIVE_ORDER_NUM) {
      throw validateError(`Maximum number of orders exceeded，${MAX_ACTIVE_ORDER_NUM}`);
    }
    const fee = props.get("MARKET_SELL_FEE");
    try {
      if (isTrx(sell)) {
        if (owner.balance < addExact(p.sellTokenQuantity, fee)) throw validateError("No enough balance !");
      } else {
        if (owner.balance < fee) throw validateError("No enough balance !");
        if (!findToken(state, props, sell)) throw validateError("No sellTokenId !");
        if (!assetBalanceEnough(props, owner, sell, p.sellTokenQuantity)) {
          throw validateError("SellToken balance is not enough !");
        }
      }
    } catch (e) {
      // addExact's overflow is reported as a validation failure, as java-tron catches it
      if (e instanceof TronodeError && e.code === "ARITHMETIC") throw validateError(e.message);
      throw e;
    }
    if (!isTrx(buy) && !findToken(state, props, buy)) throw validateError("No buyTokenId !");
  },

  execute({ state, props }, p) {
    const fee = props.get("MARKET_SELL_FEE");
    let taker = state.get(CoreTables.accounts, p.ownerAddress)!;
    taker = { ...taker, balance: taker.balance - fee };
    burnFee(state, props, fee);
    // the sold quantity is taken out of the account first (escrow)
    if (isTrx(p.sellTokenId)) {
      taker = { ...taker, balance: subtractExact(taker.balance, p.sellTokenQuantity) };
    } else {
      taker = reduceAssetAmount(state, props, taker, p.sellTokenId, p.sellTokenQuantity) ?? taker;
    }
    // the order, numbered by the account's order count so far
    const owned = accountOrders(state, p.ownerAddress) ?? newAccountOrders(p.ownerAddress);
    const orderId = calculateOrderId(p.ownerAddress, p.sellTokenId, p.buyTokenId, owned.totalCount);
    const order = create(MarketOrderSchema, {
      orderId,
      ownerAddress: p.ownerAddress,
      createTime: props.headTimestamp,
      sellTokenId: p.sellTokenId,
      sellTokenQuantity: p.sellTokenQuantity,
      buyTokenId: p.buyTokenId,
      buyTokenQuantity: p.buyTokenQuantity,
      sellTokenQuantityRemain: p.sellTokenQuantity,
      state: MarketOrder_State.ACTIVE,
    });
    state.put(MarketTables.marketAccountOrders, p.ownerAddress, {
      ...owned,
      orders: [...owned.orders, orderId],
      count: owned.count + 1n,
      totalCount: owned.totalCount + 1n,
    });
    putOrder(state, order);

    const run = new SellExecution(state, props, taker, order);
    run.match({ sell: p.sellTokenQuantity, buy: p.buyTokenQuantity });

    // what is left rests in the book at the order's own price
    let resting = run.order;
    if (resting.sellTokenQuantityRemain !== 0n) {
      const priceKey = pairPriceKey(p.sellTokenId, p.buyTokenId, p.sellTokenQuantity, p.buyTokenQuantity);
      const existing = state.get(MarketTables.marketPriceOrders, priceKey);
      if (!existing) {
        addPriceLevelOf(
          state,
          props,
          p.sellTokenId,
          p.buyTokenId,
          reducedPrice(p.sellTokenQuantity, p.buyTokenQuantity),
        );
      }
      const list = existing ? { ...existing } : emptyOrderList();
      resting = appendOrder(state, list, resting);
      state.put(MarketTables.marketPriceOrders, priceKey, list);
    }
    putOrder(state, resting);
    state.put(CoreTables.accounts, p.ownerAddress, run.taker);
    return { fee, receipt: { orderId, orderDetails: run.details } };
  },
};
