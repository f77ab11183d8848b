import { redirect } from 'react-router';
import { isLoggedIn } from '../features/auth/stores/user-store';
import { loginPathFrom } from '../lib/return-path';

/** Loader of the login-required routes: a visitor goes to /login?from=<wanted path with query>. */
export function requireLogin({ request }: { request: Request }): null {
  if (isLoggedIn()) return null;
  const wanted = new URL(request.url);
  throw redirect(loginPathFrom(wanted.pathname + wanted.search));
}
