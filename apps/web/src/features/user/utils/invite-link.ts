/** The register route that takes an invite code (spec section 2: /register?invite_code=). */
const REGISTER_PATH = '/register';

/** Spec section 9: the invite link is the page's origin, the register route and the invite code. */
export function inviteLinkOf(origin: string, inviteCode: string): string {
  const search = new URLSearchParams({ invite_code: inviteCode });
  return `${origin.replace(/\/+$/, '')}${REGISTER_PATH}?${search.toString()}`;
}
