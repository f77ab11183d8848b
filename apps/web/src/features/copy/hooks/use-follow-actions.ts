import type { Follow, StopFollowAnswer } from '@meridian/contract/copy';
import { Dialog, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { isolated, ltr } from '../../../lib/bidi';
import { usePauseFollow } from '../api/pause-follow';
import { useResumeFollow } from '../api/resume-follow';
import { useStopFollow } from '../api/stop-follow';

export type FollowActions = {
  pause(follow: Follow): Promise<void>;
  resume(follow: Follow): Promise<void>;
  /** Asks first; with open copies, whether to close them too. */
  stop(follow: Follow): Promise<void>;
};

/** What the stop answer tells the customer: copies closed now, and copies waiting for their market. */
export function stoppedMessage(answer: Pick<StopFollowAnswer, 'closed' | 'waiting'>): {
  key: string;
  params: Record<string, string>;
} {
  const params = { closed: ltr(answer.closed), waiting: ltr(answer.waiting) };
  if (answer.waiting > 0) return { key: 'copy.stop.doneWaiting', params };
  if (answer.closed > 0) return { key: 'copy.stop.doneClosed', params };
  return { key: 'copy.stop.done', params };
}

/**
 * Pause, resume and stop a follow, from the profile and from /copy alike. Stopping is final, so it
 * asks first; with copies open it asks whether to close them at the market too or keep them as the
 * customer's own orders. `onOrdersChanged` runs when copies may have closed (the order lists).
 */
export function useFollowActions(onOrdersChanged?: () => void): FollowActions {
  const { t } = useTranslation();
  const pauseFollow = usePauseFollow();
  const resumeFollow = useResumeFollow();
  const stopFollow = useStopFollow();

  const pause = async (follow: Follow) => {
    try {
      await pauseFollow.mutateAsync(follow.id);
      Toast.show({ icon: 'success', content: t('copy.actions.paused') });
    } catch {
      // The API client has shown the server's message.
    }
  };

  const resume = async (follow: Follow) => {
    try {
      await resumeFollow.mutateAsync(follow.id);
      Toast.show({ icon: 'success', content: t('copy.actions.resumed') });
    } catch {
      // The API client has shown the server's message.
    }
  };

  const send = async (follow: Follow, closeCopies: boolean) => {
    try {
      const answer = await stopFollow.mutateAsync({ followId: follow.id, closeCopies });
      const message = stoppedMessage(answer);
      Toast.show({ icon: 'success', content: t(message.key, message.params) });
      if (closeCopies) onOrdersChanged?.();
    } catch {
      // The API client has shown the server's message.
    }
  };

  const stop = async (follow: Follow) => {
    const name = isolated(follow.trader_name);
    if (follow.open_copies === 0) {
      await Dialog.confirm({
        title: t('copy.stop.title', { name }),
        content: t('copy.stop.noCopies'),
        confirmText: t('copy.stop.confirm'),
        cancelText: t('common.cancel'),
        onConfirm: () => send(follow, false),
      });
      return;
    }
    await new Promise<void>((resolve) => {
      Dialog.show({
        title: t('copy.stop.title', { name }),
        content: t('copy.stop.withCopies', { copies: ltr(follow.open_copies) }),
        closeOnAction: true,
        afterClose: resolve,
        className: 'stop-follow-dialog',
        actions: [
          {
            key: 'close',
            text: t('copy.stop.closeCopies'),
            danger: true,
            bold: true,
            onClick: () => send(follow, true),
          },
          { key: 'keep', text: t('copy.stop.keepCopies'), onClick: () => send(follow, false) },
          { key: 'cancel', text: t('common.cancel') },
        ],
      });
    });
  };

  return { pause, resume, stop };
}
