import type { ConversationSummary } from '../api/chat';

/** Where the person is: the path and its query, as the router has them. */
export interface Place {
  pathname: string;
  search: string;
}

const MESSAGE_PREVIEW = 80;

/**
 * Whether the screen already shows a new message of `matchId`: that very conversation, or the list of
 * matches (it reorders and marks unread rows live). Anywhere else a notification says it.
 */
export function screenShowsMessage(place: Place, matchId: number): boolean {
  if (place.pathname !== '/chat') return false;
  const open = new URLSearchParams(place.search).get('with');
  return open === null || Number(open) === matchId;
}

/**
 * Whether a new unread total may bring a new message: it rose, or it stayed (a message came as another
 * conversation was read: the two announcements can carry the same total). A fall is only reading.
 */
export const mayBringNews = (total: number, previous: number): boolean => total >= previous;

/** The conversation whose new message raised the unread total: the latest activity with unread messages from the other person. */
export function newestUnread(conversations: readonly ConversationSummary[], myId: number): ConversationSummary | undefined {
  return conversations
    .filter((conversation) => conversation.unreadCount > 0 && conversation.lastMessage !== null && conversation.lastMessage.senderId !== myId)
    .sort((a, b) => Date.parse(b.lastActivityAt) - Date.parse(a.lastActivityAt))[0];
}

export interface NoticeText {
  title: string;
  body: string;
}

export function messageNotice(conversation: ConversationSummary): NoticeText {
  const content = conversation.lastMessage?.content ?? '';
  return { title: `New message from ${conversation.otherUser.name}`, body: content.length > MESSAGE_PREVIEW ? `${content.slice(0, MESSAGE_PREVIEW - 1)}…` : content };
}

/** A like: the free plan is told only that it happened; paid plans see who (and whether it was a super-like). */
export function likeNotice(liker: { name: string; superLike: boolean } | null): NoticeText {
  if (!liker) return { title: 'Someone liked you', body: 'Upgrade to see who it is.' };
  return { title: `${liker.name} ${liker.superLike ? 'super-liked' : 'liked'} you`, body: 'Like them back in Who liked you.' };
}
