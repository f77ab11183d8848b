import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { WEB_LIMITS } from '../../../lib/limits';

type ChatScrollOptions = {
  /** Ids of the oldest and newest messages shown: their changes say what was added where. */
  firstId: number | undefined;
  lastId: number | undefined;
  lastIsOwn: boolean;
  canLoadOlder: boolean;
  loadOlder: () => void;
};

function scroller(): Element {
  return document.scrollingElement ?? document.documentElement;
}

function scrollToBottom(): void {
  window.scrollTo(0, scroller().scrollHeight);
}

/**
 * The chat scrolls the window, like every page. It opens at the newest message; it follows new
 * messages while the reader is at the bottom (always for their own); near the top it loads older
 * messages and keeps the reader's place while they are put above.
 */
export function useChatScroll({ firstId, lastId, lastIsOwn, canLoadOlder, loadOlder }: ChatScrollOptions) {
  const atBottom = useRef(true);
  /** Distance from the end when older messages were asked for, to restore the place after. */
  const anchorFromEnd = useRef<number | null>(null);
  const shown = useRef<{ firstId: number | undefined; lastId: number | undefined }>({
    firstId: undefined,
    lastId: undefined,
  });

  // The latest options for the scroll listener and the button, which outlive a render.
  const older = useRef({ canLoadOlder, loadOlder });
  useLayoutEffect(() => {
    older.current = { canLoadOlder, loadOlder };
  });

  const requestOlder = useCallback(() => {
    if (!older.current.canLoadOlder || anchorFromEnd.current !== null) return;
    anchorFromEnd.current = scroller().scrollHeight - window.scrollY;
    older.current.loadOlder();
  }, []);

  useEffect(() => {
    const onScroll = () => {
      const element = scroller();
      atBottom.current =
        element.scrollHeight - window.scrollY - window.innerHeight < WEB_LIMITS.chatNearBottomPx;
      if (window.scrollY < WEB_LIMITS.chatLoadOlderThresholdPx) requestOlder();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [requestOlder]);

  useLayoutEffect(() => {
    const before = shown.current;
    shown.current = { firstId, lastId };
    if (lastId === undefined) return;
    if (before.lastId === undefined) {
      // The first paint: after the shell's own scroll-to-top on navigation, which runs later.
      const frame = requestAnimationFrame(scrollToBottom);
      return () => cancelAnimationFrame(frame);
    }
    if (firstId !== before.firstId && anchorFromEnd.current !== null) {
      window.scrollTo(0, scroller().scrollHeight - anchorFromEnd.current);
    }
    if (lastId !== before.lastId && (atBottom.current || lastIsOwn)) scrollToBottom();
    return undefined;
  }, [firstId, lastId, lastIsOwn]);

  // The place is kept once the older page has landed (or failed): a new request may follow.
  useEffect(() => {
    if (!canLoadOlder) return;
    anchorFromEnd.current = null;
  }, [canLoadOlder]);

  const onMediaLoad = useCallback(() => {
    if (atBottom.current) scrollToBottom();
  }, []);

  return { onMediaLoad, loadOlderNow: requestOlder };
}
