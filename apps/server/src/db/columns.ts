import { numeric, timestamp } from 'drizzle-orm/pg-core';

// Column kinds every table file shares, declared once.

/**
 * Money and prices are numeric(30, 8) everywhere: wide enough for any balance, exact, and read as
 * text so that they reach decimal.js without passing through a binary float.
 */
export const decimal = (name: string) => numeric(name, { precision: 30, scale: 8 });

/** A moment, with its time zone. */
export const at = (name: string) => timestamp(name, { withTimezone: true });
