import { DRAW_TYPE } from '@meridian/contract/funds-codes';
import type { DrawMethod } from '@meridian/contract/wallet';
import { Button, Dialog, ErrorBlock, Toast } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useDeleteDrawMethod } from '../api/delete-draw-method';
import type { DrawKind } from '../api/funds-keys';
import { useDrawMethods } from '../api/get-draw-methods';
import { DrawMethodCard } from './draw-method-card';
import { LoadState } from './load-state';
import './wallet.css';
import './funds.css';

/**
 * /mine/coin-address-list and /mine/bank-card-list: the bound methods of one kind, newest first,
 * each with a delete (asked first; the server refuses while a withdrawal waits on it), and an add.
 */
export function DrawMethodList({ kind, onAdd }: { kind: DrawKind; onAdd(): void }) {
  const { t } = useTranslation();
  const methods = useDrawMethods(kind);
  const deleteMethod = useDeleteDrawMethod();
  const list = methods.data ?? [];

  const confirmDelete = async (method: DrawMethod) => {
    const confirmed = await Dialog.confirm({
      content: t(
        kind === DRAW_TYPE.coin ? 'funds.wallet.deleteCoinConfirm' : 'funds.wallet.deleteBankConfirm',
      ),
      confirmText: t('funds.wallet.delete'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      await deleteMethod.mutateAsync(method.id);
      Toast.show({ icon: 'success', content: t('funds.wallet.deleted') });
    } catch {
      // The API client has shown the server's reason (a withdrawal waits on it).
    }
  };

  return (
    <div className="method-list" data-kind={kind}>
      <LoadState query={methods} hasData={methods.data !== undefined}>
        {list.length === 0 ? (
          <ErrorBlock
            status="empty"
            title={t(kind === DRAW_TYPE.coin ? 'funds.wallet.noCoin' : 'funds.wallet.noBank')}
            description={t(kind === DRAW_TYPE.coin ? 'funds.wallet.noCoinHint' : 'funds.wallet.noBankHint')}
          />
        ) : (
          <div className="funds-cards method-cards">
            {list.map((method) => (
              <DrawMethodCard key={method.id} method={method} onDelete={(one) => void confirmDelete(one)} />
            ))}
          </div>
        )}
      </LoadState>
      <div className="method-list-footer">
        <Button block color="primary" size="large" onClick={onAdd}>
          <AddOutline aria-hidden="true" />{' '}
          {t(kind === DRAW_TYPE.coin ? 'funds.wallet.addCoin' : 'funds.wallet.addBank')}
        </Button>
      </div>
    </div>
  );
}
