import { Selector } from 'antd-mobile';
import './deposit.css';
import './funds.css';

export type ChipOption<Value extends string | number> = { label: string; value: Value; hint?: string };

type OptionChipsProps<Value extends string | number> = {
  label: string;
  options: readonly ChipOption<Value>[];
  value: Value | undefined;
  onChange(value: Value): void;
  /** Which choice this is, for styles and tests. */
  name: string;
};

/** One choice among a few (coin, network, currency, kind): chips, always one chosen once picked. */
export function OptionChips<Value extends string | number>({
  label,
  options,
  value,
  onChange,
  name,
}: OptionChipsProps<Value>) {
  return (
    <div className="funds-field" data-field={name}>
      <span className="funds-field-label" id={`${name}-label`}>
        {label}
      </span>
      <Selector
        className="option-chips"
        aria-labelledby={`${name}-label`}
        columns={options.length > 3 ? 3 : options.length}
        options={options.map((option) => ({
          label: option.label,
          value: option.value,
          description: option.hint,
        }))}
        value={value === undefined ? [] : [value]}
        // Tapping the chosen chip again would clear the choice; a choice stays made.
        onChange={(values) => {
          const next = values[0];
          if (next !== undefined) onChange(next);
        }}
        showCheckMark={false}
      />
    </div>
  );
}
