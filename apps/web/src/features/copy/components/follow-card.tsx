import { FOLLOW_MODE, type Follow } from '@meridian/contract/copy';
import { Button } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SignedAmount } from '../../../components/signed-amount';
import { useDateFormat } from '../../../hooks/use-date-format';
import { signOfDecimalText } from '../../../lib/decimal-text';
import { formatMoneyText, MONEY_PLACES } from '../../../lib/money-format';
import { formatPriceText } from '../../../lib/price-format';
import type { FollowActions } from '../hooks/use-follow-actions';
import { FOLLOW_MODE_KEYS, FOLLOW_STATE_KEYS, STOP_REASON_KEYS } from '../utils/follow-labels';
import { formatCount } from '../utils/rank-figures';
import { TraderBadges } from './trader-badges';
import '../../../components/signed-amount.css';
import './ranking.css';
import './trader-profile.css';
import './follow.css';
import { formatPercent } from '../../../lib/number-format';

type FollowCardProps = {
  follow: Follow;
  actions: FollowActions;
  /** Opens the trader's profile; absent on the profile itself. */
  onOpenTrader?(traderId: number): void;
  /** Opens the settings form; absent where the form is not at hand. */
  onEdit?(follow: Follow): void;
  /** Shows the trader's orders this follow skipped, and why. */
  onShowSkips?(follow: Follow): void;
};

/** The wire's mode number as the form's word (contract FOLLOW_MODE: 1 ratio, 2 amount). */
function modeOf(follow: Follow): 'ratio' | 'amount' {
  return follow.mode === FOLLOW_MODE.ratio ? 'ratio' : 'amount';
}

function Setting({ field, label, children }: { field: string; label: string; children: ReactNode }) {
  return (
    <div className="follow-setting" data-field={field}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function StopLossText({ percent }: { percent: string }) {
  const { t } = useTranslation();
  if (signOfDecimalText(percent) === 0) return <>{t('copy.follow.noStopLoss')}</>;
  return <bdi dir="ltr">{formatPercent(percent)}</bdi>;
}

/**
 * One follow as its follower sees it: the trader, its state, the net result of every copy (closed
 * and open, after fees), the settings, the copies open, closed and skipped, and the actions its
 * state allows (pause or resume, stop; edit where the form is at hand).
 */
export function FollowCard({ follow, actions, onOpenTrader, onEdit, onShowSkips }: FollowCardProps) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const running = follow.state !== 'stopped';
  const when = (ms: number) => dates.date(new Date(ms).toISOString());
  const name = (
    <span className="follow-card-name-line">
      <bdi className="follow-card-name">{follow.trader_name}</bdi>
      <TraderBadges trader={{ is_demo: follow.trader_is_demo, is_strategy: 0 }} />
    </span>
  );

  return (
    <article
      className={`copy-card follow-card state-${follow.state}`}
      data-follow-id={follow.id}
      data-state={follow.state}
    >
      <header className="follow-card-head">
        {onOpenTrader ? (
          <button
            type="button"
            className="plain-button follow-card-trader"
            onClick={() => onOpenTrader(follow.trader_id)}
          >
            {name}
            <RightOutline className="follow-card-arrow" aria-hidden="true" />
          </button>
        ) : (
          name
        )}
        <span className={`follow-state state-${follow.state}`}>{t(FOLLOW_STATE_KEYS[follow.state])}</span>
      </header>
      <div className="follow-card-result">
        <span className="follow-card-result-label">{t('copy.follow.result')}</span>
        <SignedAmount
          amount={follow.result}
          places={MONEY_PLACES.profit}
          className="follow-card-result-value"
          testId="follow-result"
        />
      </div>
      <dl className="follow-settings">
        <Setting field="mode" label={t('copy.form.mode')}>
          {t(FOLLOW_MODE_KEYS[modeOf(follow)])}
          {modeOf(follow) === 'ratio' && follow.ratio !== null && (
            <>
              {' · '}
              <bdi dir="ltr">{formatPriceText(follow.ratio)}x</bdi>
            </>
          )}
        </Setting>
        <Setting field="amount" label={t('copy.form.amount')}>
          <bdi dir="ltr">{formatMoneyText(follow.amount, MONEY_PLACES.balance)} USDT</bdi>
        </Setting>
        <Setting field="stop_loss_percent" label={t('copy.form.stopLoss')}>
          <StopLossText percent={follow.stop_loss_percent} />
        </Setting>
        <Setting field="open_copies" label={t('copy.follow.openCopies')}>
          <bdi dir="ltr">{formatCount(follow.open_copies)}</bdi>
        </Setting>
        <Setting field="closed_copies" label={t('copy.follow.closedCopies')}>
          <bdi dir="ltr">{formatCount(follow.closed_copies)}</bdi>
        </Setting>
        <Setting field="skipped" label={t('copy.follow.skipped')}>
          {onShowSkips && follow.skipped > 0 ? (
            <button type="button" className="follow-skips-link" onClick={() => onShowSkips(follow)}>
              <bdi dir="ltr">{formatCount(follow.skipped)}</bdi> · {t('copy.follow.why')}
            </button>
          ) : (
            <bdi dir="ltr">{formatCount(follow.skipped)}</bdi>
          )}
        </Setting>
      </dl>
      <p className="follow-card-since">
        {running
          ? t('copy.follow.since', { date: when(follow.created_at) })
          : t('copy.follow.stoppedOn', { date: when(follow.stopped_at) })}
        {!running && follow.stop_reason && (
          <span className="follow-stop-reason">{t(STOP_REASON_KEYS[follow.stop_reason])}</span>
        )}
      </p>
      {running && (
        <div className="follow-card-actions">
          {onEdit && (
            <Button
              size="small"
              fill="outline"
              color="primary"
              onClick={() => onEdit(follow)}
              data-action="edit"
            >
              {t('copy.actions.edit')}
            </Button>
          )}
          {follow.state === 'active' ? (
            <Button
              size="small"
              fill="outline"
              onClick={() => void actions.pause(follow)}
              data-action="pause"
            >
              {t('copy.actions.pause')}
            </Button>
          ) : (
            <Button
              size="small"
              fill="outline"
              color="primary"
              onClick={() => void actions.resume(follow)}
              data-action="resume"
            >
              {t('copy.actions.resume')}
            </Button>
          )}
          <Button
            size="small"
            fill="outline"
            color="danger"
            onClick={() => void actions.stop(follow)}
            data-action="stop"
          >
            {t('copy.actions.stop')}
          </Button>
        </div>
      )}
    </article>
  );
}
