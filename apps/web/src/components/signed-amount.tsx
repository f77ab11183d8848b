import { formatSignedMoney, toneOfAmount } from '../lib/money-format';
import './signed-amount.css';

type SignedAmountProps = { amount: string; places: number; className?: string; testId?: string };

/** A profit or loss: its sign written, green for a gain and red for a loss, digits left to right. */
export function SignedAmount({ amount, places, className, testId }: SignedAmountProps) {
  return (
    <bdi
      className={`signed-amount tone-${toneOfAmount(amount)}${className ? ` ${className}` : ''}`}
      dir="ltr"
      data-testid={testId}
    >
      {formatSignedMoney(amount, places)}
    </bdi>
  );
}
