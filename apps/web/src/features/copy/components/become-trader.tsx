import { LIMITS } from '@meridian/contract/limits';
import { Button, Dialog, ErrorBlock, Input, Skeleton, Toast } from 'antd-mobile';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isolated, ltr } from '../../../lib/bidi';
import { useMyTrader } from '../api/get-my-trader';
import { useOptInTrader } from '../api/opt-in-trader';
import { useOptOutTrader } from '../api/opt-out-trader';
import { formatCount } from '../utils/rank-figures';
import '../../../components/order-field.css';
import './ranking.css';
import './trader-profile.css';
import './copy-center.css';

/** The contract's rule for a display name (TraderOptInRequest): 2 to 32 characters once trimmed. */
export function traderNameIssue(name: string): string | null {
  const length = Array.from(name.trim()).length;
  return length < LIMITS.traderNameLengthMin || length > LIMITS.traderNameLengthMax
    ? 'copy.trader.nameLength'
    : null;
}

function NameForm({ initial, submitKey }: { initial: string; submitKey: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState(initial);
  const [tried, setTried] = useState(false);
  const optIn = useOptInTrader();
  const issue = traderNameIssue(name);
  const shownIssue = issue && (tried || name.trim() !== '') ? issue : null;

  const submit = async () => {
    setTried(true);
    if (issue) return;
    try {
      await optIn.mutateAsync(name.trim());
      Toast.show({ icon: 'success', content: t('copy.trader.listed') });
    } catch {
      // The API client has shown the server's message.
    }
  };

  return (
    <form
      className="trader-name-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className={`order-field${shownIssue ? ' has-error' : ''}`} data-field="display_name">
        <label className="order-field-label" htmlFor={id}>
          {t('copy.trader.displayName')}
        </label>
        <div className="order-field-box">
          <Input
            id={id}
            name="display_name"
            value={name}
            onChange={setName}
            maxLength={LIMITS.traderNameLengthMax}
            placeholder={t('copy.trader.displayNamePlaceholder')}
            autoComplete="nickname"
            clearable
          />
        </div>
        {shownIssue && (
          <p className="order-field-error" role="alert">
            {t(shownIssue, {
              min: ltr(LIMITS.traderNameLengthMin),
              max: ltr(LIMITS.traderNameLengthMax),
            })}
          </p>
        )}
      </div>
      <Button block color="primary" type="submit" loading={optIn.isPending} className="trader-opt-in">
        {t(submitKey)}
      </Button>
    </form>
  );
}

/**
 * Become a trader others can copy: opt in with a display name (shown on the ranking, with the
 * account's demo or real side said honestly), rename, or opt out, which stops the followers' copying.
 */
export function BecomeTrader() {
  const { t } = useTranslation();
  const myTrader = useMyTrader();
  const optOut = useOptOutTrader();

  if (myTrader.isPending) return <Skeleton.Paragraph animated lineCount={4} />;
  if (myTrader.isError) {
    return (
      <ErrorBlock
        status="disconnected"
        title={t('copy.trader.loadFailed')}
        description={t('common.loadFailedHint')}
      >
        <Button color="primary" fill="outline" onClick={() => void myTrader.refetch()}>
          {t('common.retry')}
        </Button>
      </ErrorBlock>
    );
  }
  const listing = myTrader.data;

  const confirmOptOut = () =>
    Dialog.confirm({
      title: t('copy.trader.optOutTitle'),
      content: t('copy.trader.optOutConfirm'),
      confirmText: t('copy.trader.optOut'),
      cancelText: t('common.cancel'),
      onConfirm: async () => {
        try {
          await optOut.mutateAsync();
          Toast.show({ icon: 'success', content: t('copy.trader.unlisted') });
        } catch {
          // The API client has shown the server's message.
        }
      },
    });

  return (
    <section className="copy-card become-trader" data-listed={listing?.listed ?? 'none'}>
      <h3 className="copy-card-title">{t('copy.trader.title')}</h3>
      {listing?.listed === 1 ? (
        <>
          <p className="become-trader-status">
            {t('copy.trader.listedAs', {
              name: isolated(listing.display_name),
              followers: ltr(formatCount(listing.followers)),
            })}
          </p>
          <NameForm
            key={listing.display_name}
            initial={listing.display_name}
            submitKey="copy.trader.rename"
          />
          <Button
            block
            fill="outline"
            color="danger"
            onClick={() => void confirmOptOut()}
            className="trader-opt-out"
          >
            {t('copy.trader.optOut')}
          </Button>
        </>
      ) : (
        <>
          <p className="become-trader-intro">{t('copy.trader.intro')}</p>
          <ul className="become-trader-points">
            <li>{t('copy.trader.pointPublic')}</li>
            <li>{t('copy.trader.pointHonest')}</li>
            <li>{t('copy.trader.pointLeave')}</li>
          </ul>
          <NameForm initial={listing?.display_name ?? ''} submitKey="copy.trader.optIn" />
        </>
      )}
    </section>
  );
}
