import type { Order } from '@meridian/contract/trading';
import { useOrderMarksStore } from '../stores/order-marks-store';

export type LiveOrderFigures = {
  /** Floating profit of a holding order now; the order's own figure otherwise. */
  profit: string;
  /** The price a holding order would close at now (its mark); the order's UpdatePrice otherwise. */
  price: string;
  /** The figures come from a push, not from the list. */
  live: boolean;
};

/** A holding order's figures from the latest `forex.trade` push, else as the list gave them. */
export function useOrderMark(order: Order): LiveOrderFigures {
  const mark = useOrderMarksStore((state) => (order.State === 'holding' ? state.marks[order.Id] : undefined));
  if (!mark) return { profit: order.FactProfits, price: order.UpdatePrice, live: false };
  return { profit: mark.FactProfits, price: mark.UpdatePrice, live: true };
}
