/** A source of the current time, so rules with expiry can be tested without waiting. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
