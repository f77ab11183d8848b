import { useLayoutEffect } from 'react';
import { type Location, type NavigateFunction, useLocation, useNavigate } from 'react-router';

type Where = Pick<Location, 'pathname' | 'search'>;

/**
 * The router as code outside React sees it (the API client sends a dead session to /login): the
 * address shown and a way to go elsewhere, kept current by <RouterBridge> inside the router.
 */
export class RouterHandle {
  private location: Where;
  private navigateTo: NavigateFunction | null = null;
  /** A navigation asked for before the router was mounted (a start-up call's 999), made once it is. */
  private pending: { to: string; options?: { replace?: boolean } } | null = null;

  constructor(initial: Where) {
    this.location = { pathname: initial.pathname, search: initial.search };
  }

  /** The same shape as a data router's `state.location`, which is all callers read. */
  get state(): { location: Where } {
    return { location: this.location };
  }

  navigate(to: string, options?: { replace?: boolean }): void {
    if (this.navigateTo) this.navigateTo(to, options);
    else this.pending = { to, options };
  }

  /** @internal Called by RouterBridge. */
  follow(location: Where, navigate: NavigateFunction): void {
    this.location = location;
    this.navigateTo = navigate;
    const pending = this.pending;
    this.pending = null;
    if (pending) navigate(pending.to, pending.options);
  }
}

/** Keeps a RouterHandle on the router's current location and navigate function. */
export function RouterBridge({ handle }: { handle: RouterHandle }) {
  const location = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => handle.follow(location, navigate), [handle, location, navigate]);
  return null;
}
