import type { ForexTradePush, OrderMark } from '@meridian/contract/trading';
import { create } from 'zustand';

/** The account's live figures of the latest `forex.trade` push. */
export type TradeTotals = Omit<ForexTradePush, 'orders'>;

type OrderMarksState = {
  /** Each holding order's floating profit and mark price, by order id. */
  marks: Readonly<Record<number, OrderMark>>;
  totals: TradeTotals | null;
  /** A `forex.trade` push: every holding order of the user with the account's totals. */
  apply(push: ForexTradePush): void;
  /**
   * The order left the holding list (closed): its mark no longer counts, and the totals of the last
   * push no longer hold (the account figures are read again; the next push, if any, brings new ones).
   */
  forget(orderId: number): void;
  /** A new session starts without the last one's figures. */
  clear(): void;
};

/**
 * Applies a push: the push lists every holding order, so an order it leaves out has closed. A mark
 * whose figures did not move keeps its identity, so only the rows that changed re-render. A push
 * older than the figures held (pushes and answers can cross) changes nothing.
 */
export function applyTradePush(
  state: Pick<OrderMarksState, 'marks' | 'totals'>,
  push: ForexTradePush,
): Pick<OrderMarksState, 'marks' | 'totals'> {
  if (state.totals && push.time < state.totals.time) return state;
  const marks: Record<number, OrderMark> = {};
  for (const mark of push.orders) {
    const previous = state.marks[mark.Id];
    const same =
      previous && previous.FactProfits === mark.FactProfits && previous.UpdatePrice === mark.UpdatePrice;
    marks[mark.Id] = same ? previous : mark;
  }
  const { orders: _orders, ...totals } = push;
  return { marks, totals };
}

/** Live profits of the holding orders, fed by the socket (house style: live figures in a small store). */
export const useOrderMarksStore = create<OrderMarksState>()((set) => ({
  marks: {},
  totals: null,
  apply: (push) => set((state) => applyTradePush(state, push)),
  forget: (orderId) =>
    set((state) => {
      const { [orderId]: _gone, ...marks } = state.marks;
      return { marks, totals: null };
    }),
  clear: () => set({ marks: {}, totals: null }),
}));
