/**
 * The outcome of a rule that may refuse customer input (STYLE.md: an expected rejection is a normal,
 * typed outcome, not an exception). `reason` is a message key the server translates; `params` fill
 * its placeholders ({{min}}, {{price}}, ...).
 */
export type Accepted<Value> = { ok: true; value: Value };
export type Refused<Reason extends string> = { ok: false; reason: Reason; params: Record<string, string> };
export type RuleResult<Value, Reason extends string> = Accepted<Value> | Refused<Reason>;

export function accept<Value>(value: Value): Accepted<Value> {
  return { ok: true, value };
}

export function refuse<Reason extends string>(
  reason: Reason,
  params: Record<string, string> = {},
): Refused<Reason> {
  return { ok: false, reason, params };
}
