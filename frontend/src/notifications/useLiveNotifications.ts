import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { DefaultNotificationPreferences } from '@nocturne/contracts/limits';
import { fetchConversations, type ConversationSummary } from '../api/chat';
import { fetchLikesReceived } from '../api/swipe';
import { useOverlayTurn } from '../components/overlayQueue';
import { useLiveSubscription } from '../live/useLiveSubscription';
import { notifyInBrowser } from './browserNotifications';
import { useSignedInUser } from '../session/SessionContext';
import { toast, toastStore } from '../toast/toastStore';
import { likeNotice, mayBringNews, messageNotice, newestUnread, screenShowsMessage, type NoticeText } from './notificationRules';

const LIKES = 'subscription Likes { likeReceived { visible like { superLike user { id } } } }';

interface HeardLike {
  likeReceived: { visible: boolean; like: { superLike: boolean; user: { id: number } } | null };
}

const latestMessageTime = (conversations: readonly ConversationSummary[]) => Math.max(0, ...conversations.map((conversation) => (conversation.lastMessage ? Date.parse(conversation.lastMessage.createdAt) : 0)));

/**
 * Notifications of new messages and likes, as the stored toggles say (matches: the live match popup).
 * In the app: a toast, when the screen does not already show it, in its turn among the overlays. While
 * the tab is hidden: the browser's notification, if the person allowed them in Settings. Messages are
 * noticed by the unread total rising or staying (the shell's one unread stream, handed in through
 * `onUnreadTotal`), and told apart by their time: only a message newer than the last one seen is news.
 */
export function useLiveNotifications(): { onUnreadTotal: (total: number, previous: number | null) => void } {
  const user = useSignedInUser();
  const preferences = user.notificationPreferences ?? DefaultNotificationPreferences;
  const location = useLocation();
  const navigate = useNavigate();
  const current = useRef({ place: location, preferences, userId: user.id, navigate });
  useEffect(() => {
    current.current = { place: location, preferences, userId: user.id, navigate };
  });

  // An in-app notice is an overlay like any other: it waits until no dialog is open, and holds its turn
  // while its toast shows, so a match popup comes after it, never over it. A newer notice replaces it.
  const [pending, setPending] = useState<NoticeText | null>(null);
  const myTurn = useOverlayTurn(pending !== null);
  useEffect(() => {
    if (!myTurn || !pending) return undefined;
    const id = toast({ title: pending.title, description: pending.body });
    return toastStore.subscribe(() => {
      if (!toastStore.getSnapshot().some((shown) => shown.id === id && shown.open)) setPending((now) => (now === pending ? null : now));
    });
  }, [myTurn, pending]);

  const notify = (text: NoticeText, tag: string, path: string, shownHere: boolean) => {
    if (document.visibilityState === 'hidden') {
      notifyInBrowser({ ...text, tag, onOpen: () => void current.current.navigate(path) });
      return;
    }
    if (!shownHere) setPending(text);
  };

  // Messages newer than this were not known when the app started or last looked: only those are news.
  const knownUpTo = useRef<number | null>(null);
  const onUnreadTotal = (total: number, previous: number | null) => {
    if (previous === null) {
      if (total === 0) knownUpTo.current = 0;
      else
        fetchConversations()
          .then((conversations) => (knownUpTo.current = latestMessageTime(conversations)))
          .catch(() => (knownUpTo.current = Date.now()));
      return;
    }
    if (!mayBringNews(total, previous) || knownUpTo.current === null) return;
    fetchConversations()
      .then((conversations) => {
        const since = knownUpTo.current ?? 0;
        knownUpTo.current = Math.max(since, latestMessageTime(conversations));
        const { place, preferences: now, userId } = current.current;
        const news = newestUnread(conversations, userId);
        if (!now.messages || !news?.lastMessage || Date.parse(news.lastMessage.createdAt) <= since) return;
        notify(messageNotice(news), `message-${news.matchId}`, `/chat?with=${news.matchId}`, screenShowsMessage(place, news.matchId));
      })
      .catch(() => undefined);
  };

  useLiveSubscription<HeardLike>(preferences.likes ? LIKES : null, {}, ({ likeReceived }) => {
    const { like } = likeReceived;
    if (!like) return notify(likeNotice(null), 'like', '/lobby', false);
    // The name comes from who liked you, which this plan sees; a like already answered says nothing.
    fetchLikesReceived()
      .then((received) => {
        const liker = received.likes.find((item) => item.user.id === like.user.id);
        if (liker) notify(likeNotice({ name: liker.user.name, superLike: like.superLike }), `like-${like.user.id}`, '/lobby', false);
      })
      .catch(() => undefined);
  });

  return { onUnreadTotal };
}
