import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import styled from 'styled-components';
import { fetchConversations, freezeMatch, type ConversationSummary } from '../../api/chat';
import { serverError } from '../../api/http';
import { limitReasonOf } from '../../api/limitReason';
import { ButtonLink } from '../../components/Button';
import { ChatIcon } from '../../components/icons';
import { Spinner } from '../../components/Spinner';
import { EmptyState, IconBadge, Muted, PageTitle } from '../../components/Surface';
import { useSignedInUser } from '../../session/SessionContext';
import { toast } from '../../toast/toastStore';
import { membershipResource } from '../plans/membership';
import { UpgradePrompt } from '../plans/UpgradePrompt';
import { Avatar, OnlineDot } from './Avatar';
import { activityTime } from './activityTime';
import { ConversationView } from './ConversationView';
import { onReconnected } from '../../live/liveClient';
import { useLiveSubscription } from '../../live/useLiveSubscription';

/** /chat: 'Your Matches', or one conversation (`?with=<match id>`, so the browser's back returns to the list). */
export function ChatPage() {
  const [params, setParams] = useSearchParams();
  const open = Number(params.get('with'));
  if (Number.isSafeInteger(open) && open > 0) return <ConversationView key={open} matchId={open} onBack={() => setParams({})} />;
  return <ConversationList onOpen={(matchId) => setParams({ with: String(matchId) })} />;
}

function ConversationList({ onOpen }: { onOpen: (matchId: number) => void }) {
  const user = useSignedInUser();
  const [conversations, setConversations] = useState<ConversationSummary[] | null>(null);
  const [failed, setFailed] = useState(false);
  // Loads overlap (a live value, a reconnection): only the latest one's answer is shown, so a slow stale
  // answer never lands after a fresh one and keeps an ended match on the list.
  const latest = useRef(0);
  const load = useCallback(() => {
    const request = ++latest.current;
    fetchConversations().then(
      (rows) => {
        if (request !== latest.current) return;
        setConversations(rows);
        setFailed(false);
      },
      () => {
        if (request === latest.current) setFailed(true);
      },
    );
  }, []);
  useEffect(load, [load]);
  useEffect(() => onReconnected(load), [load]);
  // The server orders the rows (latest activity first). A new message anywhere moves the unread total; a new match adds a row.
  useLiveSubscription('subscription ListUnread { unreadTotal }', {}, load);
  useLiveSubscription('subscription ListMatches { matchCreated { matchId } }', {}, load);

  if (conversations === null) {
    return (
      <>
        <PageTitle>Your Matches</PageTitle>
        <EmptyState>{failed ? <Muted>Could not load your matches. Please try again.</Muted> : <Spinner label="Loading your matches" />}</EmptyState>
      </>
    );
  }
  if (conversations.length === 0) {
    return (
      <>
        <PageTitle>Your Matches</PageTitle>
        <EmptyState>
          <IconBadge $size={76} $tone="accent">
            <ChatIcon size={34} />
          </IconBadge>
          <h2>No matches yet</h2>
          <Muted>Keep swiping to find your perfect match!</Muted>
          <ButtonLink to="/swipe-deck">Start Swiping</ButtonLink>
        </EmptyState>
      </>
    );
  }
  return (
    <>
      <PageTitle>Your Matches</PageTitle>
      <List>
        {conversations.map((conversation) => {
          const last = conversation.lastMessage;
          const unread = conversation.unreadCount > 0;
          const preview = conversation.otherDeleted ? 'This account was deleted' : last ? `${last.senderId === user.id ? 'You: ' : ''}${last.content}` : 'Start a conversation!';
          const fading = conversation.fadesAtDawn;
          return (
            <li key={conversation.matchId}>
              <Row
                type="button"
                $unread={unread}
                $fading={fading}
                onClick={() => onOpen(conversation.matchId)}
                aria-label={`${conversation.otherUser.name}${unread ? `, ${conversation.unreadCount} unread` : ''}${fading ? ', fades at dawn' : ''}`}
              >
                <Avatar>
                  <img src={conversation.otherUser.photo} alt="" />
                  {conversation.otherUser.isOnline && <OnlineDot aria-hidden="true" />}
                </Avatar>
                <Text>
                  <Name>{conversation.otherUser.name}</Name>
                  <Preview $unread={unread}>{preview}</Preview>
                </Text>
                <Side>
                  <When dateTime={conversation.lastActivityAt} $unread={unread}>
                    {activityTime(conversation.lastActivityAt)}
                  </When>
                  {unread && <Unread aria-hidden="true">{conversation.unreadCount}</Unread>}
                  {fading && <FadesMark aria-hidden="true">fades at dawn</FadesMark>}
                </Side>
              </Row>
              {fading && <TimeFreeze matchId={conversation.matchId} name={conversation.otherUser.name} onKept={load} />}
            </li>
          );
        })}
      </List>
    </>
  );
}

/**
 * Under a match that fades at dawn tonight: a Time-Freeze keeps it one more night (Max; the server counts
 * the tokens). Without Max the upgrade prompt; with no tokens left, what the server said.
 */
function TimeFreeze({ matchId, name, onKept }: { matchId: number; name: string; onKept: () => void }) {
  const user = useSignedInUser();
  const { value: membership, refresh: refreshMembership } = membershipResource.use(user.id);
  const [busy, setBusy] = useState(false);
  const [prompt, setPrompt] = useState(false);
  const keep = async () => {
    setBusy(true);
    try {
      const kept = await freezeMatch(matchId);
      toast({ title: 'Kept one more night', description: `${name} stays until the next dawn.${kept.timeFreezesLeft === null ? '' : ` ${kept.timeFreezesLeft} Time-Freeze${kept.timeFreezesLeft === 1 ? '' : 's'} left.`}` });
      onKept();
    } catch (error) {
      // Refused by the plan: without Max the prompt; with Max the month's tokens are spent, which the server says.
      const plan = limitReasonOf(error) === 'time-freeze' ? (membership ?? (await refreshMembership().catch(() => null)))?.plan : undefined;
      if (plan !== undefined && plan !== 'max') setPrompt(true);
      else toast({ title: 'Time-Freeze', description: serverError(error)?.message ?? 'Could not keep this match. Please try again.', variant: 'destructive' });
      onKept();
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <FreezeLine>
        <span>Nobody has written yet: this match fades at 4&nbsp;AM.</span>
        <FreezeButton type="button" disabled={busy} aria-busy={busy} aria-label={`Time-Freeze: keep ${name} one more night`} onClick={() => void keep()}>
          Time-Freeze
        </FreezeButton>
      </FreezeLine>
      {prompt && <UpgradePrompt trigger="time-freeze" onClose={() => setPrompt(false)} />}
    </>
  );
}

const FreezeLine = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 8px 12px;
  border: 1px solid ${({ theme }) => theme.alpha('moon', 0.35)};
  border-top: none;
  border-radius: 0 0 ${({ theme }) => theme.radius.md} ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.alpha('moon', 0.06)};
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.color.textMuted};
`;

const FreezeButton = styled.button`
  flex: none;
  min-height: 36px;
  padding: 0 14px;
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid ${({ theme }) => theme.alpha('moon', 0.6)};
  background: transparent;
  color: ${({ theme }) => theme.color.moonLight};
  font-weight: 600;
  cursor: pointer;

  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.alpha('moon', 0.12)};
  }
  &:disabled {
    cursor: progress;
    opacity: 0.7;
  }
`;

const FadesMark = styled.span`
  padding: 1px 8px;
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid ${({ theme }) => theme.alpha('moon', 0.5)};
  color: ${({ theme }) => theme.color.moon};
  font-size: 0.6875rem;
  white-space: nowrap;
`;

const List = styled.ul`
  list-style: none;
  margin: 12px 0 0;
  padding: 0;
  display: grid;
  gap: 8px;
`;

const Row = styled.button<{ $unread: boolean; $fading: boolean }>`
  position: relative;
  width: 100%;
  display: grid;
  grid-template-columns: auto 1fr auto;
  align-items: center;
  gap: 12px;
  padding: 10px 12px;
  border-radius: ${({ $fading, theme }) => ($fading ? `${theme.radius.md} ${theme.radius.md} 0 0` : theme.radius.md)};
  border: 1px solid ${({ $unread, $fading, theme }) => ($unread ? theme.alpha('accent', 0.6) : $fading ? theme.alpha('moon', 0.35) : theme.color.border)};
  background: ${({ $unread, theme }) => ($unread ? theme.alpha('accent', 0.12) : theme.color.surface)};
  color: ${({ theme }) => theme.color.text};
  text-align: left;
  cursor: pointer;
  font: inherit;

  &:hover {
    background: ${({ theme }) => theme.color.surfaceStrong};
  }
`;

const Text = styled.span`
  min-width: 0;
  display: grid;
  gap: 2px;
`;

const Name = styled.span`
  font-weight: 600;
`;

const Preview = styled.span<{ $unread: boolean }>`
  overflow: hidden;
  white-space: nowrap;
  text-overflow: ellipsis;
  font-size: 0.875rem;
  color: ${({ $unread, theme }) => ($unread ? theme.color.text : theme.color.textSubtle)};
  font-weight: ${({ $unread }) => ($unread ? 600 : 400)};
`;

const Side = styled.span`
  display: grid;
  justify-items: end;
  gap: 4px;
`;

const When = styled.time<{ $unread: boolean }>`
  font-size: 0.75rem;
  color: ${({ $unread, theme }) => ($unread ? theme.color.text : theme.color.textSubtle)};
`;

const Unread = styled.span`
  min-width: 20px;
  height: 20px;
  padding: 0 6px;
  border-radius: 10px;
  background: ${({ theme }) => theme.gradient.accent};
  font-size: 0.75rem;
  font-weight: 700;
  line-height: 20px;
  text-align: center;
`;
