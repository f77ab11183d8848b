import { waitFor } from '@testing-library/react';

/** The trade page's buy button, once the order bar has come (it waits for the instrument's price). */
export function findBuyButton(): Promise<HTMLButtonElement> {
  return waitFor(() => {
    const button = document.querySelector<HTMLButtonElement>('.order-action[data-side=buy]');
    if (!button) throw new Error('no order bar yet');
    return button;
  });
}
