/**
 * Branded row ids, so the compiler keeps kinds of id apart: a user's id cannot be passed where an
 * account's or an order's is expected. They are plain integers at run time; the database columns
 * yield them branded, and a number from outside (a request, a socket message, a test) is branded
 * once, where it comes in.
 */
declare const brand: unique symbol;
/**
 * Exported only so that a type the compiler writes out in full (a query's row in a declaration
 * file) can name it; code uses the ids below.
 */
export interface IdBrand<Kind extends string> {
  readonly [brand]: Kind;
}

/** A customer's id (users.id). */
export type UserId = number & IdBrand<'UserId'>;
/** A trading account's id (trading_accounts.id). */
export type AccountId = number & IdBrand<'AccountId'>;
/** An order's id (orders.id). */
export type OrderId = number & IdBrand<'OrderId'>;

/** Marks a number that came in from outside as a user's id; the lookup that follows checks it exists. */
export function asUserId(value: number): UserId {
  return value as UserId;
}

export function asAccountId(value: number): AccountId {
  return value as AccountId;
}

export function asOrderId(value: number): OrderId {
  return value as OrderId;
}
