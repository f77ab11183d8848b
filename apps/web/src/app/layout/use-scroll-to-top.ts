import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/** Spec section 2: every navigation scrolls to the top, kept-alive pages included. */
export function useScrollToTop(): void {
  const { pathname, search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is the trigger, not an input.
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
}
