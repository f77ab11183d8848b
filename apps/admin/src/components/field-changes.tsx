import type { ProposalFields } from '@meridian/contract/proposals-staff';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A change shown per field, old → new (issue 25, items 3 and 12): what a confirmation asks about
 * and what a proposal holds. `labelOf` names a field in words; `showValue` renders a value (a switch
 * as on/off, a choice by its meaning); an empty value shows as "none".
 */
export function FieldChanges({
  before,
  after,
  labelOf,
  showValue = (_field, value) => value,
}: {
  before: ProposalFields;
  after: ProposalFields;
  labelOf: (field: string) => string;
  showValue?: (field: string, value: string) => string;
}) {
  const { t } = useTranslation();
  const shown = (field: string, value: string | undefined) =>
    value === undefined || value === '' ? t('common.none') : showValue(field, value);
  return (
    <table className="field-changes">
      <tbody>
        {Object.keys(after).map((field) => (
          <tr key={field}>
            <th scope="row">{labelOf(field)}</th>
            <td className="field-before">
              <Typography.Text delete={field in before} type="secondary">
                {field in before ? shown(field, before[field]) : t('common.none')}
              </Typography.Text>
            </td>
            <td aria-hidden="true">→</td>
            <td className="field-after">
              <Typography.Text strong>{shown(field, after[field])}</Typography.Text>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
