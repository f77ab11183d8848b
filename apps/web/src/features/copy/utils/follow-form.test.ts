import { describe, expect, it } from 'vitest';
import { followFixture } from '../../../testing/copy-fixtures';
import {
  checkFollowDraft,
  copyStopLossAmount,
  draftOfFollow,
  type FollowDraft,
  followFieldsOf,
  hasIssues,
  NEW_FOLLOW_DRAFT,
} from './follow-form';

const draft = (patch: Partial<FollowDraft>): FollowDraft => ({
  ...NEW_FOLLOW_DRAFT,
  amount: '1000',
  ...patch,
});

describe('checkFollowDraft', () => {
  it('accepts an amount follow with or without a copy stop-loss', () => {
    expect(checkFollowDraft(draft({}))).toEqual({});
    expect(checkFollowDraft(draft({ stopLossPercent: '50' }))).toEqual({});
    expect(checkFollowDraft(draft({ stopLossPercent: '0' }))).toEqual({});
    expect(checkFollowDraft(draft({ amount: '10', stopLossPercent: '100' }))).toEqual({});
  });

  it('requires the amount in both modes, since it is the copy stop-loss base', () => {
    expect(checkFollowDraft(draft({ amount: '' })).amount?.key).toBe('copy.form.amountRequired');
    expect(checkFollowDraft(draft({ mode: 'ratio', amount: ' ' })).amount?.key).toBe(
      'copy.form.amountRequired',
    );
  });

  it('keeps the amount between the limits, at most 2 places', () => {
    expect(checkFollowDraft(draft({ amount: '9.99' })).amount).toEqual({
      key: 'copy.form.amountRange',
      params: { min: '10', max: '10000000' },
    });
    expect(checkFollowDraft(draft({ amount: '10000000.01' })).amount?.key).toBe('copy.form.amountRange');
    expect(checkFollowDraft(draft({ amount: '100.123' })).amount).toEqual({
      key: 'copy.form.numberFormat',
      params: { places: '2' },
    });
    expect(checkFollowDraft(draft({ amount: '1.' })).amount?.key).toBe('copy.form.numberFormat');
  });

  it('asks for a ratio in ratio mode only, from 0.01 to 100', () => {
    expect(checkFollowDraft(draft({ ratio: '' })).ratio).toBeUndefined();
    expect(checkFollowDraft(draft({ mode: 'ratio', ratio: '' })).ratio?.key).toBe('copy.form.ratioRequired');
    expect(checkFollowDraft(draft({ mode: 'ratio', ratio: '0' })).ratio?.key).toBe('copy.form.ratioRange');
    expect(checkFollowDraft(draft({ mode: 'ratio', ratio: '100.01' })).ratio?.key).toBe(
      'copy.form.ratioRange',
    );
    expect(checkFollowDraft(draft({ mode: 'ratio', ratio: '0.01' }))).toEqual({});
    expect(checkFollowDraft(draft({ mode: 'ratio', ratio: '100' }))).toEqual({});
  });

  it('keeps the copy stop-loss from 0 to 100 %', () => {
    expect(checkFollowDraft(draft({ stopLossPercent: '100.01' })).stopLossPercent).toEqual({
      key: 'copy.form.stopLossRange',
      params: { min: '0', max: '100' },
    });
    expect(hasIssues(checkFollowDraft(draft({ stopLossPercent: '12.5' })))).toBe(false);
  });
});

describe('followFieldsOf', () => {
  it('sends no ratio in amount mode and a stop-loss of 0 when left empty', () => {
    expect(followFieldsOf(draft({ ratio: '3' }))).toEqual({
      mode: 2,
      amount: '1000',
      stop_loss_percent: '0',
    });
  });

  it('sends the ratio in ratio mode', () => {
    expect(followFieldsOf(draft({ mode: 'ratio', ratio: '1.5', stopLossPercent: '20' }))).toEqual({
      mode: 1,
      ratio: '1.5',
      amount: '1000',
      stop_loss_percent: '20',
    });
  });
});

describe('draftOfFollow', () => {
  it('fills the form with a follow, a stop-loss of 0 left empty', () => {
    expect(draftOfFollow(followFixture({ id: 1 }))).toEqual({
      mode: 'amount',
      ratio: '1',
      amount: '1000',
      stopLossPercent: '50',
    });
    expect(
      draftOfFollow(
        followFixture({ id: 2, mode: 1, ratio: '0.5', amount: '250.50', stop_loss_percent: '0.00' }),
      ),
    ).toEqual({ mode: 'ratio', ratio: '0.5', amount: '250.5', stopLossPercent: '' });
  });
});

describe('copyStopLossAmount', () => {
  it('is the loss at which copying stops: amount x percent / 100 at cents', () => {
    expect(copyStopLossAmount({ amount: '1000', stopLossPercent: '50' })).toBe('500.00');
    expect(copyStopLossAmount({ amount: '333.33', stopLossPercent: '33.33' })).toBe('111.10');
  });

  it('is nothing without a stop-loss or a valid amount', () => {
    expect(copyStopLossAmount({ amount: '1000', stopLossPercent: '' })).toBeNull();
    expect(copyStopLossAmount({ amount: '1000', stopLossPercent: '0' })).toBeNull();
    expect(copyStopLossAmount({ amount: '', stopLossPercent: '10' })).toBeNull();
  });
});
