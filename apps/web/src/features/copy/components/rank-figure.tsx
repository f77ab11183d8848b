import type { Tone } from '../utils/rank-figures';

type RankFigureProps = {
  label: string;
  value: string;
  field: string;
  tone?: Tone;
  /** The figure the list is sorted by stands out. */
  highlighted?: boolean;
};

/** One labelled figure of a trader: its label above, its digits left to right in any language. */
export function RankFigure({ label, value, field, tone = 'flat', highlighted = false }: RankFigureProps) {
  return (
    <div className={`rank-figure${highlighted ? ' is-sorted' : ''}`} data-field={field}>
      <dt>{label}</dt>
      <dd>
        <bdi dir="ltr" className={`tone-${tone}`}>
          {value}
        </bdi>
      </dd>
    </div>
  );
}
