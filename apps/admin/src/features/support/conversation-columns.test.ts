import type { ConversationSummary } from '@meridian/contract/staff';
import { describe, expect, it } from 'vitest';
import { conversationColumns, liveColor } from './conversation-columns';

describe('conversationColumns', () => {
  it('write what the list shows of a conversation, under the translated titles', () => {
    const row: ConversationSummary = {
      id: 12,
      user: { id: 4, uid: 'U1004', email: 'ann@example.com', is_demo: 0 },
      last_text: 'Hello',
      last_message_at: '2026-11-27T10:41:07.000Z',
      unread: 2,
      closed_at: '',
    };
    const columns = conversationColumns((key) => `[${key}]`);
    expect(columns.map((column) => column.title)).toEqual([
      '[support.columns.id]',
      '[support.columns.uid]',
      '[support.columns.email]',
      '[support.columns.unread]',
      '[support.columns.lastText]',
      '[support.columns.lastMessageAt]',
      '[support.columns.closedAt]',
    ]);
    expect(columns.map((column) => (typeof column.csv === 'function' ? column.csv(row) : undefined))).toEqual(
      [12, 'U1004', 'ann@example.com', 2, 'Hello', '2026-11-27T10:41:07.000Z', ''],
    );
  });
});

describe('liveColor', () => {
  it('is green live, orange connecting, grey offline', () => {
    expect(liveColor('live')).toBe('green');
    expect(liveColor('connecting')).toBe('orange');
    expect(liveColor('offline')).toBe('default');
  });
});
