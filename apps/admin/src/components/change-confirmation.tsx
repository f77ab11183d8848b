import type { ProposalFields } from '@meridian/contract/proposals-staff';
import { Alert, App } from 'antd';
import { useTranslation } from 'react-i18next';
import { FieldChanges } from './field-changes';

type Confirmation = {
  title: string;
  before: ProposalFields;
  after: ProposalFields;
  labelOf: (field: string) => string;
  showValue?: (field: string, value: string) => string;
  /** True when the change waits for a second admin: the dialog says so before it is sent. */
  needsSecondAdmin: boolean;
};

/**
 * Before a change that moves money or its controls is sent, a dialog shows it per field, old → new,
 * and says whether it applies at once or waits for a second admin. Answers whether to send it.
 */
export function useChangeConfirmation(): (confirmation: Confirmation) => Promise<boolean> {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return (confirmation) =>
    new Promise((resolve) => {
      modal.confirm({
        className: 'change-confirmation',
        title: confirmation.title,
        width: 560,
        okText: confirmation.needsSecondAdmin ? t('proposals.confirm.propose') : t('proposals.confirm.apply'),
        cancelText: t('common.cancel'),
        content: (
          <>
            <FieldChanges
              before={confirmation.before}
              after={confirmation.after}
              labelOf={confirmation.labelOf}
              showValue={confirmation.showValue}
            />
            <Alert
              style={{ marginTop: 16 }}
              type={confirmation.needsSecondAdmin ? 'info' : 'warning'}
              showIcon
              message={
                confirmation.needsSecondAdmin
                  ? t('proposals.confirm.secondAdmin')
                  : t('proposals.confirm.atOnce')
              }
            />
          </>
        ),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });
}
