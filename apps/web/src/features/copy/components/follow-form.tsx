import type { Follow } from '@meridian/contract/copy';
import { LIMITS } from '@meridian/contract/limits';
import { Button, Segmented, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isolated, ltr } from '../../../lib/bidi';
import { formatMoneyText, MONEY_PLACES } from '../../../lib/money-format';
import { formatPriceText } from '../../../lib/price-format';
import { useFollowTrader } from '../api/follow-trader';
import { useUpdateFollow } from '../api/update-follow';
import {
  checkFollowDraft,
  copyStopLossAmount,
  draftOfFollow,
  type FieldIssue,
  type FollowDraft,
  type FollowMode,
  followFieldsOf,
  hasIssues,
  NEW_FOLLOW_DRAFT,
} from '../utils/follow-form';
import { FOLLOW_MODE_KEYS } from '../utils/follow-labels';
import { CopyNumberField } from './copy-number-field';
import '../../../components/order-field.css';
import './follow.css';

export type FollowFormProps = {
  traderId: number;
  traderName: string;
  /** The follow whose settings are changed; null to start copying. */
  follow: Follow | null;
  /** Whether the copies open in a demo account (null while unknown). */
  accountIsDemo: boolean | null;
  onDone(follow: Follow): void;
  onCancel(): void;
};

/**
 * Follow a trader or change how (the "Following" settings of copy trading): by amount or by
 * ratio, the amount (always: the copy stop-loss's base, and in amount mode the copies' scale), the
 * ratio, and the copy stop-loss. Checked as typed by the rules the server applies; a refusal the server still gives
 * is toasted by the API client and the form stays for another try.
 */
export function FollowForm({
  traderId,
  traderName,
  follow,
  accountIsDemo,
  onDone,
  onCancel,
}: FollowFormProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<FollowDraft>(() => (follow ? draftOfFollow(follow) : NEW_FOLLOW_DRAFT));
  const [submitted, setSubmitted] = useState(false);
  const followTrader = useFollowTrader();
  const updateFollow = useUpdateFollow();
  const issues = checkFollowDraft(draft);
  const change = (patch: Partial<FollowDraft>) => setDraft((previous) => ({ ...previous, ...patch }));
  // An empty box is not scolded before the first try; a wrong number is, at once.
  const shown = (issue: FieldIssue | undefined, value: string): string | undefined => {
    if (!issue || (!submitted && value.trim() === '')) return undefined;
    const params = Object.fromEntries(
      Object.entries(issue.params ?? {}).map(([key, text]) => [key, ltr(formatPriceText(text))]),
    );
    return t(issue.key, params);
  };
  const stopLoss = copyStopLossAmount(draft);
  const pending = followTrader.isPending || updateFollow.isPending;

  const submit = async () => {
    setSubmitted(true);
    if (hasIssues(issues)) return;
    const fields = followFieldsOf(draft);
    try {
      const saved = follow
        ? await updateFollow.mutateAsync({ followId: follow.id, fields })
        : await followTrader.mutateAsync({ traderId, fields });
      Toast.show({
        icon: 'success',
        content: follow ? t('copy.form.saved') : t('copy.form.following', { name: isolated(traderName) }),
      });
      onDone(saved);
    } catch {
      // The API client has shown the server's message; the form stays for another try.
    }
  };

  return (
    <form
      className="follow-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {accountIsDemo !== null && (
        <p className={`follow-form-account${accountIsDemo ? ' is-demo' : ''}`}>
          {t(accountIsDemo ? 'copy.form.intoDemo' : 'copy.form.intoReal')}
        </p>
      )}
      <fieldset className="order-field follow-mode">
        <legend className="order-field-label">{t('copy.form.mode')}</legend>
        <Segmented
          className="follow-mode-switch"
          block
          value={draft.mode}
          onChange={(next) => change({ mode: next === 'ratio' ? 'ratio' : 'amount' })}
          options={(['amount', 'ratio'] as const satisfies readonly FollowMode[]).map((mode) => ({
            label: <span data-mode={mode}>{t(FOLLOW_MODE_KEYS[mode])}</span>,
            value: mode,
          }))}
        />
        <p className="order-field-hint follow-mode-hint">
          {t(draft.mode === 'amount' ? 'copy.form.amountModeHint' : 'copy.form.ratioModeHint')}
        </p>
      </fieldset>
      <CopyNumberField
        name="amount"
        label={t('copy.form.amount')}
        unit="USDT"
        value={draft.amount}
        onChange={(amount) => change({ amount })}
        placeholder={t('copy.form.amountPlaceholder', { min: ltr(formatPriceText(LIMITS.copyAmountMin)) })}
        error={shown(issues.amount, draft.amount)}
        hint={t(draft.mode === 'amount' ? 'copy.form.amountHintAmountMode' : 'copy.form.amountHintRatioMode')}
      />
      {draft.mode === 'ratio' && (
        <CopyNumberField
          name="ratio"
          label={t('copy.form.ratio')}
          unit="x"
          value={draft.ratio}
          onChange={(ratio) => change({ ratio })}
          error={shown(issues.ratio, draft.ratio)}
          hint={t('copy.form.ratioHint')}
        />
      )}
      <CopyNumberField
        name="stop_loss_percent"
        label={t('copy.form.stopLoss')}
        unit="%"
        value={draft.stopLossPercent}
        onChange={(stopLossPercent) => change({ stopLossPercent })}
        placeholder={t('copy.form.stopLossNone')}
        error={shown(issues.stopLossPercent, draft.stopLossPercent)}
        hint={
          stopLoss !== null && !issues.stopLossPercent && !issues.amount
            ? t('copy.form.stopLossAt', { loss: ltr(formatMoneyText(stopLoss, MONEY_PLACES.balance)) })
            : t('copy.form.stopLossHint')
        }
      />
      <p className="follow-form-risk">{t('copy.form.risk')}</p>
      <div className="follow-form-actions">
        <Button block fill="outline" onClick={onCancel} disabled={pending}>
          {t('common.cancel')}
        </Button>
        <Button block color="primary" type="submit" loading={pending} className="follow-submit">
          {t(follow ? 'copy.form.save' : 'copy.form.start')}
        </Button>
      </div>
    </form>
  );
}
