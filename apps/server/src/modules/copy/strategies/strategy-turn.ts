import { ENTRY_TYPE, type Order } from '@meridian/contract/trading';
import { asOrderId, type OrderId } from '@meridian/domain/ids';
import { isMarketOpen } from '@meridian/domain/market-session';
import { orderTypeOf, type Side, sideOfOrderType } from '@meridian/domain/side';
import type { Bar } from '@meridian/domain/strategies/indicators';
import type { StrategyDecision, StrategyInstrument } from '@meridian/domain/strategies/strategy';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../../../context';
import { Rejection } from '../../../http/errors';
import type { InstrumentTerms } from '../../trading/trading.public';
import { closeOrder, submitOrder } from '../../trading/trading.public';
import type { StrategyTrader } from './strategy-seeding';

/** The strategy's open position as its runners keep it: what the rule reads, and what a close needs. */
export type HeldPosition = {
  orderId: OrderId;
  side: Side;
  openPrice: string;
  stopLoss: string | null;
  takeProfit: string | null;
  openedAtMs: number;
};

/** A position as the trading service answers it (a stop of "0" is unset). */
export function heldOf(order: Order): HeldPosition {
  const stop = (text: string) => (Number(text) === 0 ? null : text);
  return {
    orderId: asOrderId(order.Id),
    side: sideOfOrderType(order.OrderType),
    openPrice: order.Price,
    stopLoss: stop(order.TargetLossPrice),
    takeProfit: stop(order.TargetProfitPrice),
    openedAtMs: order.OpenTime,
  };
}

/** The contract terms the rule sizes and prices with. */
export function strategyInstrumentOf(terms: InstrumentTerms, spread: string): StrategyInstrument {
  return {
    pricePrecision: terms.pricePrecision,
    lotStep: terms.pip,
    minLots: terms.minLots,
    maxLots: terms.maxLots,
    unitsPerLot: terms.unitsPerLot,
    spread,
  };
}

type Turn = {
  /** Closed bars of the strategy's period, the latest `lookbackBars`. */
  bars: readonly Bar[];
  /** The mid price now. */
  price: number;
  nowMs: number;
  position: HeldPosition | null;
  /** The account's available balance now: its equity while it holds no position. */
  balance(): Promise<string>;
  /** Keeps one open per bar on the live side, even if two evaluations race. */
  idempotencyKey?: string;
};

type TurnTools = {
  context: ServerContext;
  trader: StrategyTrader;
  terms: InstrumentTerms;
  instrument: StrategyInstrument;
  log: FastifyBaseLogger;
};

/**
 * One evaluation of a strategy at a closed bar, acted on through the trading service: a close (the
 * rule's, at the live price), then, with no position, perhaps an open. Nothing happens while the
 * instrument's market is closed (the service would refuse; the rule does not trade then). An
 * expected refusal (a position a stop closed meanwhile, a balance too small) is logged and the
 * strategy holds. Answers the position after the turn.
 */
export async function takeTurn(tools: TurnTools, turn: Turn): Promise<HeldPosition | null> {
  const { context, trader, terms } = tools;
  if (!isMarketOpen(terms.session, new Date(turn.nowMs))) return turn.position;
  const position = turn.position;
  if (position) {
    // Equity is balance + margin + floating profit; a rule reads it only to size an open, which it
    // never answers while it holds a position, so the balance stands in for it here.
    const decision = decide(tools, turn, position, await turn.balance());
    if (decision.action !== 'close') return position;
    try {
      await closeOrder(context, trader.user, position.orderId);
    } catch (error) {
      // Closed by its stop or by the engine's stop-out in the meantime: it is gone either way.
      if (!(error instanceof Rejection && error.key === 'error.order_ended')) throw error;
    }
  }
  // Flat now (it was, or it just closed): a reversal opens on the same bar.
  const decision = decide(tools, turn, null, await turn.balance());
  if (decision.action !== 'open') return null;
  try {
    const order = await submitOrder(context, trader.user, {
      type: orderTypeOf(decision.side),
      status: ENTRY_TYPE.market,
      cont: decision.lots,
      forex_id: terms.id,
      multiple: String(decision.leverage),
      stop_loss_price: decision.stopLoss,
      target_profit_price: decision.takeProfit ?? undefined,
      idempotencyKey: turn.idempotencyKey,
    });
    return heldOf(order);
  } catch (error) {
    if (!(error instanceof Rejection)) throw error;
    tools.log.warn(
      { strategy: trader.definition.key, refusal: error.key, params: error.params },
      'strategy order refused; holding',
    );
    return null;
  }
}

function decide(
  tools: TurnTools,
  turn: Turn,
  position: HeldPosition | null,
  equity: string,
): StrategyDecision {
  return tools.trader.definition.decide({
    bars: turn.bars,
    price: turn.price,
    nowMs: turn.nowMs,
    position: position && {
      side: position.side,
      openPrice: position.openPrice,
      openedAtMs: position.openedAtMs,
    },
    equity,
    instrument: tools.instrument,
  });
}
