import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DefaultNotificationPreferences } from '@nocturne/contracts/limits';
import { fetchConversations, type ConversationSummary } from '../../api/chat';
import { avatarOf } from '../../api/swipe';
import { useSignedInUser } from '../../session/SessionContext';
import { MatchPopup } from './MatchPopup';
import { useLiveSubscription } from '../../live/useLiveSubscription';
import { noteMatchShown, wasMatchShown } from './shownMatches';
import { useOverlayTurn } from '../../components/overlayQueue';
import { notifyInBrowser } from '../../notifications/browserNotifications';

/** Long enough for the deck's own answer to show its popup first, when this person made the match. */
const DECK_FIRST_MS = 1_500;

/** The match popup for whoever liked first, wherever they are in the app, the moment the match happens. */
export function LiveMatchPopup() {
  const user = useSignedInUser();
  const navigate = useNavigate();
  // Matches wait their turn: never on top of another dialog (an upgrade prompt, a filter sheet), one at a time.
  const [queue, setQueue] = useState<ConversationSummary[]>([]);
  const match = queue[0] ?? null;
  const setMatch = (next: ConversationSummary | null) => setQueue((current) => (next ? [...current, next] : current.slice(1)));
  const myTurn = useOverlayTurn(match !== null);
  // The 'New matches' toggle: off, a match made by the other person's like waits in the list unannounced.
  const announce = (user.notificationPreferences ?? DefaultNotificationPreferences).matches;
  useLiveSubscription<{ matchCreated: { matchId: number } }>(announce ? 'subscription NewMatch { matchCreated { matchId } }' : null, {}, ({ matchCreated }) => {
    setTimeout(() => {
      if (wasMatchShown(matchCreated.matchId)) return;
      noteMatchShown(matchCreated.matchId);
      fetchConversations()
        .then((conversations) => {
          const found = conversations.find((conversation) => conversation.matchId === matchCreated.matchId);
          if (!found) return;
          setMatch(found);
          // While the tab is hidden the browser says it too (once allowed in Settings); the popup waits for the return.
          notifyInBrowser({ title: "It's a Match!", body: `You and ${found.otherUser.name} liked each other`, tag: `match-${found.matchId}`, onOpen: () => void navigate(`/chat?with=${found.matchId}`) });
        })
        .catch(() => undefined);
    }, DECK_FIRST_MS);
  });
  if (!match || !myTurn) return null;
  return (
    <MatchPopup
      match={{ id: match.matchId, user1Id: user.id, user2Id: match.otherUser.id, createdAt: match.createdAt, otherUser: { id: match.otherUser.id, name: match.otherUser.name, photo: match.otherUser.photo }, superLikedYou: false }}
      myName={user.name}
      myPhoto={user.photos?.[0] ?? user.avatarUrl ?? avatarOf(user.id)}
      onStartChatting={() => {
        setMatch(null);
        void navigate(`/chat?with=${match.matchId}`);
      }}
      onKeepSwiping={() => setMatch(null)}
    />
  );
}
