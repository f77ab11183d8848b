import './auth-fields.css';
import type { AreaCode } from '@meridian/contract/settings';
import { CheckList, Popup, SearchBar } from 'antd-mobile';
import { DownFill } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

type AreaCodeSelectProps = {
  areas: AreaCode[];
  value?: number;
  onChange?: (areaId: number) => void;
};

function matches(area: AreaCode, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return (
    area.name.toLowerCase().includes(needle) ||
    area.global_code.includes(needle.replace(/^\+?/, '+')) ||
    area.code.toLowerCase() === needle
  );
}

/** The calling-code button in front of a phone number; opens a searchable list of countries. */
export function AreaCodeSelect({ areas, value, onChange }: AreaCodeSelectProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const selected = areas.find((area) => area.id === value);
  const shown = useMemo(() => areas.filter((area) => matches(area, query)), [areas, query]);

  const choose = (ids: (string | number)[]) => {
    const id = Number(ids[0]);
    if (Number.isInteger(id)) onChange?.(id);
    setOpen(false);
    setQuery('');
  };

  return (
    <>
      <button
        type="button"
        className="area-code-button"
        aria-label={t('auth.areaCode')}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <bdi>{selected?.global_code ?? '+'}</bdi>
        <DownFill className="area-code-caret" />
      </button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyClassName="area-code-popup"
        destroyOnClose
      >
        <div className="area-code-popup-head">
          <div className="area-code-popup-title">{t('auth.areaCode')}</div>
          <SearchBar value={query} onChange={setQuery} placeholder={t('auth.areaSearch')} />
        </div>
        <div className="area-code-popup-list">
          <CheckList value={value === undefined ? [] : [value]} onChange={choose}>
            {shown.map((area) => (
              <CheckList.Item key={area.id} value={area.id}>
                <span className="area-option">
                  <bdi className="area-option-code">{area.global_code}</bdi>
                  <span className="area-option-name">{area.name}</span>
                </span>
              </CheckList.Item>
            ))}
          </CheckList>
        </div>
      </Popup>
    </>
  );
}
