import type { ProposalFields } from '@meridian/contract/proposals-staff';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A change shown per field, old → new: what a confirmation asks about
 * and what a proposal holds. `labelOf` names a field in words; `showValue` renders a value (a switch
 * as on/off, a choice by its meaning); an empty value shows as "none".
 */
export function FieldChanges({
  before,
  after,
  labelOf,
  showValue = (_field, value) => value,
  stacked = false,
}: {
  before: ProposalFields;
  after: ProposalFields;
  labelOf: (field: string) => string;
  showValue?: (field: string, value: string) => string;
  /** Each field's name above its old and new value: narrow enough for a list's column. */
  stacked?: boolean;
}) {
  const { t } = useTranslation();
  const shown = (field: string, value: string | undefined) =>
    value === undefined || value === '' ? t('common.none') : showValue(field, value);
  if (stacked)
    return (
      <dl className="field-changes field-changes-stacked">
        {Object.keys(after).map((field) => (
          <div key={field}>
            <dt>{labelOf(field)}</dt>
            <dd>
              <Typography.Text className="field-before" delete={field in before} type="secondary">
                {field in before ? shown(field, before[field]) : t('common.none')}
              </Typography.Text>
            </dd>
            <dd className="field-after-line">
              <span aria-hidden="true">→</span>
              <Typography.Text className="field-after" strong>
                {shown(field, after[field])}
              </Typography.Text>
            </dd>
          </div>
        ))}
      </dl>
    );
  return (
    <table className="field-changes">
      <tbody>
        {Object.keys(after).map((field) => (
          <tr key={field}>
            <th scope="row">{labelOf(field)}</th>
            <td>
              <Typography.Text className="field-before" delete={field in before} type="secondary">
                {field in before ? shown(field, before[field]) : t('common.none')}
              </Typography.Text>
            </td>
            <td aria-hidden="true">→</td>
            <td>
              <Typography.Text className="field-after" strong>
                {shown(field, after[field])}
              </Typography.Text>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
