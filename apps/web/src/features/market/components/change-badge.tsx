import { directionOf, formatChangePercent } from '../../../lib/price-format';

type ChangeBadgeProps = { change: string; variant?: 'pill' | 'text' };

/** The day change in percent, green when up and red when down. */
export function ChangeBadge({ change, variant = 'pill' }: ChangeBadgeProps) {
  return (
    <span className={`change-${variant} tone-${directionOf(change)}`} dir="ltr" data-testid="change">
      {formatChangePercent(change)}
    </span>
  );
}
