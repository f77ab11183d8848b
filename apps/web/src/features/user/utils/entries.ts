/** The personal-center entries of spec section 2, in the spec's order. */
export type EntryId =
  | 'topUp'
  | 'withdraw'
  | 'resetDemo'
  | 'wallet'
  | 'realAuth'
  | 'resetPassword'
  | 'customerService'
  | 'companyEmail'
  | 'announcements'
  | 'executionQuality'
  | 'language'
  | 'other';

export type Entry = {
  id: EntryId;
  /** Where it leads; entries without a path act in place (reset demo, customer service link). */
  path?: string;
  /** Spec section 6: a demo user is told "only real account allowed" instead. */
  realOnly?: boolean;
  /** Only a demo account can be reset. */
  demoOnly?: boolean;
};

export const ENTRIES: readonly Entry[] = [
  { id: 'topUp', path: '/mine/charge', realOnly: true },
  { id: 'withdraw', path: '/mine/withdraw', realOnly: true },
  { id: 'resetDemo', demoOnly: true },
  { id: 'wallet', path: '/mine/wallet' },
  { id: 'realAuth', path: '/mine/auth', realOnly: true },
  { id: 'resetPassword', path: '/mine/password', realOnly: true },
  { id: 'customerService' },
  { id: 'companyEmail', path: '/mine/email' },
  { id: 'announcements', path: '/mine/announcement' },
  // The public execution-quality report: anyone may see how fills compare with their quotes.
  { id: 'executionQuality', path: '/execution' },
  { id: 'language', path: '/language' },
  { id: 'other', path: '/mine/system' },
];

export function entriesFor(isDemo: boolean): Entry[] {
  return ENTRIES.filter((entry) => !entry.demoOnly || isDemo);
}

/** What tapping an entry does for this user. */
export type EntryAction =
  | { kind: 'real-only' }
  | { kind: 'navigate'; path: string }
  | { kind: 'reset-demo' }
  | { kind: 'customer-service' };

export function entryAction(entry: Entry, isDemo: boolean): EntryAction {
  if (entry.realOnly && isDemo) return { kind: 'real-only' };
  if (entry.id === 'resetDemo') return { kind: 'reset-demo' };
  if (entry.id === 'customerService') return { kind: 'customer-service' };
  if (!entry.path) throw new Error(`Entry ${entry.id} has no path and no action`);
  return { kind: 'navigate', path: entry.path };
}
