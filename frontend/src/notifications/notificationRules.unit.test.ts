import type { ConversationSummary } from '../api/chat';
import { likeNotice, mayBringNews, messageNotice, newestUnread, screenShowsMessage } from './notificationRules';

const conversation = (matchId: number, unreadCount: number, senderId: number, at: string): ConversationSummary => ({
  matchId,
  createdAt: at,
  otherUser: { id: matchId * 10, name: `Person ${matchId}`, photo: '', isOnline: false },
  unreadCount,
  lastMessage: { content: `hello ${matchId}`, senderId, createdAt: at },
  otherReadUpTo: null,
  otherDeleted: false,
  lastActivityAt: at,
  fadesAtDawn: false,
});

describe('notification rules', () => {
  it('looks for a new message when the unread total rises or stays (a read and a new message announced with the same total), not when it falls', () => {
    expect(mayBringNews(2, 1)).toBe(true);
    expect(mayBringNews(1, 1)).toBe(true);
    expect(mayBringNews(0, 1)).toBe(false);
  });

  it('leaves a message to the screens that show it: its conversation and the list of matches', () => {
    expect(screenShowsMessage({ pathname: '/chat', search: '?with=7' }, 7)).toBe(true);
    expect(screenShowsMessage({ pathname: '/chat', search: '' }, 7)).toBe(true);
    expect(screenShowsMessage({ pathname: '/chat', search: '?with=8' }, 7)).toBe(false);
    expect(screenShowsMessage({ pathname: '/swipe-deck', search: '' }, 7)).toBe(false);
  });

  it('finds the latest conversation with unread messages from the other person', () => {
    const me = 1;
    const list = [conversation(2, 1, 20, '2026-01-01T22:00:00Z'), conversation(3, 2, 30, '2026-01-01T23:00:00Z'), conversation(4, 0, 40, '2026-01-01T23:30:00Z'), conversation(5, 1, me, '2026-01-01T23:40:00Z')];
    expect(newestUnread(list, me)?.matchId).toBe(3);
    expect(newestUnread([], me)).toBeUndefined();
  });

  it('names the sender and cuts a long message', () => {
    const long = { ...conversation(2, 1, 20, '2026-01-01T22:00:00Z'), lastMessage: { content: 'x'.repeat(200), senderId: 20, createdAt: '2026-01-01T22:00:00Z' } };
    expect(messageNotice(long).title).toBe('New message from Person 2');
    expect(messageNotice(long).body).toHaveLength(80);
  });

  it('says who liked only when the plan shows likers', () => {
    expect(likeNotice(null)).toEqual({ title: 'Someone liked you', body: 'Upgrade to see who it is.' });
    expect(likeNotice({ name: 'Orion', superLike: true }).title).toBe('Orion super-liked you');
  });
});
