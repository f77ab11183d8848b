/**
 * Real-name verification (spec section 4): a user starts with nothing sent; a submission waits for
 * review; the back office approves it (verified, final) or rejects it with a reason, after which
 * the user may submit again. Nothing else moves the state.
 */
export type RealNameState = 'none' | 'pending' | 'verified' | 'rejected';
export type RealNameEvent = 'submit' | 'approve' | 'reject';

/** Why an event is refused in a state: each is an expected outcome with its own message. */
export type RealNameRefusal = 'already_pending' | 'already_verified' | 'not_pending';

export type RealNameTransition = { ok: true; state: RealNameState } | { ok: false; refusal: RealNameRefusal };

export function transitionRealName(state: RealNameState, event: RealNameEvent): RealNameTransition {
  switch (event) {
    case 'submit':
      if (state === 'pending') return { ok: false, refusal: 'already_pending' };
      if (state === 'verified') return { ok: false, refusal: 'already_verified' };
      return { ok: true, state: 'pending' };
    case 'approve':
      return state === 'pending' ? { ok: true, state: 'verified' } : { ok: false, refusal: 'not_pending' };
    case 'reject':
      return state === 'pending' ? { ok: true, state: 'rejected' } : { ok: false, refusal: 'not_pending' };
    default: {
      const unknown: never = event;
      throw new Error(`unknown real-name event ${String(unknown)}`);
    }
  }
}

/**
 * The spec's `review_status`: 0 shows the form, 1 waits, any other value is verified. A rejected
 * user must see the form again (with the reason), so rejected is 0 too; a spec client reading
 * "other = verified" would otherwise call a rejection verified.
 */
export function reviewStatusOf(state: RealNameState): 0 | 1 | 2 {
  switch (state) {
    case 'none':
    case 'rejected':
      return 0;
    case 'pending':
      return 1;
    case 'verified':
      return 2;
    default: {
      const unknown: never = state;
      throw new Error(`unknown real-name state ${String(unknown)}`);
    }
  }
}

const VISIBLE_EDGE = 2;

/**
 * An ID number as shown back to its owner: the first and last two characters, the rest as `*`,
 * so a shoulder-surfer or a screenshot does not carry the whole number. Four characters or fewer
 * are fully masked.
 */
export function maskCardId(cardId: string): string {
  return maskEdges(cardId);
}

/**
 * A legal name as staff without `identity.read` see it: the ID number's rule (the first and last two
 * characters, the rest as `*`; a short name fully masked), so "Chan Tai Man" reads "Ch********an":
 * enough to tell two customers' records apart on screen, not enough to impersonate the customer.
 */
export function maskLegalName(name: string): string {
  return maskEdges(name);
}

function maskEdges(text: string): string {
  // Code points, not UTF-16 units: a name in any script is masked character by character.
  const characters = [...text];
  if (characters.length <= VISIBLE_EDGE * 2) return '*'.repeat(characters.length);
  const hidden = characters.length - VISIBLE_EDGE * 2;
  return `${characters.slice(0, VISIBLE_EDGE).join('')}${'*'.repeat(hidden)}${characters.slice(-VISIBLE_EDGE).join('')}`;
}
