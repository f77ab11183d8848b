import type { AreaCode } from '@meridian/contract/settings';
import type { FormInstance } from 'antd-mobile/es/components/form';
import { useEffect } from 'react';
import { defaultAreaOf } from '../utils/mobile-mode';

/** Puts the default area into the form once the list has arrived, unless one was picked already. */
export function useDefaultArea(form: FormInstance, areas: readonly AreaCode[]): AreaCode | undefined {
  const defaultArea = defaultAreaOf(areas);
  useEffect(() => {
    if (defaultArea && form.getFieldValue('area_id') === undefined)
      form.setFieldValue('area_id', defaultArea.id);
  }, [defaultArea, form]);
  return defaultArea;
}
