import { LIMITS } from '@meridian/contract/limits';
import { SearchBar } from 'antd-mobile';
import type { Ref } from 'react';

type SearchFieldProps = {
  className: string;
  placeholder: string;
  /** The field's accessible name (a search box has no visible label). */
  label: string;
  value: string;
  onChange(value: string): void;
  ref?: Ref<HTMLDivElement>;
};

/** A search box in its own row, capped at the server's longest search text. */
export function SearchField({ className, placeholder, label, value, onChange, ref }: SearchFieldProps) {
  return (
    <div className={className} ref={ref}>
      <SearchBar
        placeholder={placeholder}
        value={value}
        onChange={onChange}
        maxLength={LIMITS.searchTextLengthMax}
        aria-label={label}
      />
    </div>
  );
}
