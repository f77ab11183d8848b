import { useCallback, useEffect, useState } from 'react';

const TICK_MS = 1_000;

/**
 * Seconds left until a deadline, ticking once a second. The deadline is a clock time, so a tab
 * that slept in the background shows the right number when it wakes.
 */
export function useCountdown(now: () => number = Date.now) {
  const [deadlineMs, setDeadlineMs] = useState<number | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(0);

  useEffect(() => {
    if (deadlineMs === null) return undefined;
    const update = () => {
      const remaining = Math.max(0, Math.ceil((deadlineMs - now()) / TICK_MS));
      setSecondsLeft(remaining);
      if (remaining === 0) setDeadlineMs(null);
    };
    update();
    const timer = setInterval(update, TICK_MS);
    return () => clearInterval(timer);
  }, [deadlineMs, now]);

  const start = useCallback((seconds: number) => setDeadlineMs(now() + seconds * TICK_MS), [now]);

  return { secondsLeft, running: secondsLeft > 0, start };
}
