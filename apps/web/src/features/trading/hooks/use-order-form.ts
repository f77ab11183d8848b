import type { Side } from '@meridian/domain/side';
import { useMemo, useState } from 'react';
import { type CheckedDraft, checkDraft } from '../utils/order-checks';
import { initialDraft, type OrderDraft, type OrderPricing, type OrderTerms } from '../utils/order-draft';
import { type OrderPreview, previewOrder } from '../utils/order-preview';

export type OrderFormState = {
  draft: OrderDraft;
  update(patch: Partial<OrderDraft>): void;
  checked: CheckedDraft;
  preview: OrderPreview;
  /** After the first submit, missing fields are reported too. */
  attempted: boolean;
  markAttempted(): void;
};

type OrderFormInput = {
  terms: OrderTerms;
  pricing: OrderPricing;
  feeType: number | undefined;
  balance: string | undefined;
  initialSide: Side;
};

/**
 * The order form's state: the draft as typed, its check against the domain rules and its cost
 * preview, both recomputed on every tick of the live price (the rules compare with the quote).
 */
export function useOrderForm({
  terms,
  pricing,
  feeType,
  balance,
  initialSide,
}: OrderFormInput): OrderFormState {
  const [draft, setDraft] = useState(() => initialDraft(terms, initialSide));
  const [attempted, setAttempted] = useState(false);
  const checked = useMemo(
    () => checkDraft(draft, terms, pricing, { complete: attempted }),
    [draft, terms, pricing, attempted],
  );
  const preview = useMemo(
    () => previewOrder({ checked, terms, pricing, feeType, balance }),
    [checked, terms, pricing, feeType, balance],
  );
  return {
    draft,
    update: (patch) => setDraft((current) => ({ ...current, ...patch })),
    checked,
    preview,
    attempted,
    markAttempted: () => setAttempted(true),
  };
}
