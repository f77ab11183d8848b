import type { SupportMessage } from '@meridian/contract/support';
import { describe, expect, it } from 'vitest';
import { type ChatPages, messagesOf, olderPageParam, withMessage } from './chat-pages';

function message(id: number, sender: 'user' | 'agent' = 'user'): SupportMessage {
  return {
    id,
    sender,
    agent_name: sender === 'agent' ? 'Ada' : '',
    text: `message ${id}`,
    image: '',
    created_at: '2026-11-20T10:00:00.000Z',
  };
}

const pages: ChatPages = {
  pages: [
    { list: [message(4), message(5, 'agent')], has_more: true, unread: 1 },
    { list: [message(2), message(3)], has_more: false, unread: 1 },
  ],
  pageParams: [undefined, 4],
};

describe('chat pages', () => {
  it('lists the loaded messages oldest first, each once', () => {
    const twice: ChatPages = {
      ...pages,
      pages: [...pages.pages, { list: [message(3)], has_more: false, unread: 0 }],
    };
    expect(messagesOf(twice).map((item) => item.id)).toEqual([2, 3, 4, 5]);
    expect(messagesOf(undefined)).toEqual([]);
  });

  it('adds a new message to the newest page once', () => {
    const added = withMessage(pages, message(6, 'agent'));
    expect(messagesOf(added).map((item) => item.id)).toEqual([2, 3, 4, 5, 6]);
    expect(withMessage(added, message(6, 'agent'))).toBe(added);
    expect(withMessage(undefined, message(6))).toBeUndefined();
  });

  it('pages older messages before the oldest one loaded', () => {
    expect(olderPageParam(pages.pages[0] ?? { list: [], has_more: false, unread: 0 })).toBe(4);
    expect(olderPageParam({ list: [message(2)], has_more: false, unread: 0 })).toBeUndefined();
  });
});
