import type { Tone } from '../utils/rank-figures';
import './ranking.css';

type RankFigureProps = {
  label: string;
  value: string;
  field: string;
  tone?: Tone;
  /** The figure the list is sorted by stands out. */
  highlighted?: boolean;
};

/**
 * One labelled figure of a ranked trader: its label above, its digits left to right in any
 * language. Spans only, since the whole row is a button (phrasing content inside).
 */
export function RankFigure({ label, value, field, tone = 'flat', highlighted = false }: RankFigureProps) {
  return (
    <span className={`rank-figure${highlighted ? ' is-sorted' : ''}`} data-field={field}>
      <span className="rank-figure-label">{label}</span>
      <bdi dir="ltr" className={`rank-figure-value tone-${tone}`}>
        {value}
      </bdi>
    </span>
  );
}
