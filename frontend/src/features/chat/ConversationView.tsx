import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import styled, { keyframes } from 'styled-components';
import { ChatMessages, IceBreakers, ReportReasons, reportReasonLabels, type ReportReason } from '@nocturne/contracts';
import { blockAndReport, fetchConversations, fetchMessages, markConversationRead, otherDeleted, sendMessage, setTyping, unmatch, type ChatMessage, type ConversationSummary } from '../../api/chat';
import { limitReasonOf } from '../../api/limitReason';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Spinner } from '../../components/Spinner';
import { EmptyState, Muted } from '../../components/Surface';
import { useSignedInUser } from '../../session/SessionContext';
import { toast } from '../../toast/toastStore';
import { UpgradePrompt } from '../plans/UpgradePrompt';
import { Avatar, OnlineDot } from './ChatPage';
import { onReconnected } from '../../live/liveClient';
import { useLiveSubscription } from '../../live/useLiveSubscription';

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
/** Typing is announced at most this often while the person keeps typing. */
const TYPING_EVERY_MS = 3_000;

/** Adds messages by id, in conversation order: a message seen live and fetched again appears once. */
const merged = (current: readonly ChatMessage[], incoming: readonly ChatMessage[]) => {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
};

type Menu = 'closed' | 'open' | 'unmatch' | 'block';

/** One conversation: live messages both ways, typing, 'Online now', 'Seen' where the plan allows, the menu. */
export function ConversationView({ matchId, onBack }: { matchId: number; onBack: () => void }) {
  const user = useSignedInUser();
  const [summary, setSummary] = useState<ConversationSummary | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [olderCursor, setOlderCursor] = useState<string | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'gone' | 'deleted'>('loading');
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [otherTyping, setOtherTyping] = useState(false);
  const [online, setOnline] = useState(false);
  const [seenUpTo, setSeenUpTo] = useState<number | null>(null);
  const [limitPrompt, setLimitPrompt] = useState(false);
  const [menu, setMenu] = useState<Menu>('closed');
  const lastTyping = useRef(0);
  const bottom = useRef<HTMLDivElement>(null);
  const lastSeq = messages.at(-1)?.seq ?? 0;
  const lastSeqRef = useRef(0);
  useEffect(() => {
    lastSeqRef.current = lastSeq;
  }, [lastSeq]);

  const load = useCallback(() => {
    Promise.all([fetchConversations(), fetchMessages(matchId)]).then(
      ([conversations, page]) => {
        const found = conversations.find((conversation) => conversation.matchId === matchId) ?? null;
        if (!found) return void otherDeleted(matchId).then((deleted) => setState(deleted ? 'deleted' : 'gone'));
        setSummary(found);
        setOnline(found.otherUser.isOnline);
        setSeenUpTo(found.otherReadUpTo);
        setMessages((current) => merged(current, page.messages));
        setOlderCursor((cursor) => cursor ?? page.olderCursor);
        setState('ready');
      },
      () => void otherDeleted(matchId).then((deleted) => setState(deleted ? 'deleted' : 'gone')),
    );
  }, [matchId]);
  useEffect(load, [load]);

  // What was sent while no subscription listened (after a dropped connection, or between the first
  // fetch and the subscription starting), fetched once and merged by id.
  const catchUp = useCallback(() => {
    fetchMessages(matchId, { after: lastSeqRef.current }).then((page) => setMessages((current) => merged(current, page.messages)), () => undefined);
  }, [matchId]);
  useEffect(() => onReconnected(catchUp), [catchUp]);

  const ready = state === 'ready';
  useLiveSubscription<{ messageSent: ChatMessage }>(
    ready ? 'subscription Messages($m: Int!) { messageSent(matchId: $m) { id content senderId matchId createdAt seq } }' : null,
    { m: matchId },
    ({ messageSent }) => {
      setMessages((current) => merged(current, [messageSent]));
      if (messageSent.senderId !== user.id) setOtherTyping(false);
    },
    // The server ends it when the match ends (unmatch, block, a deleted account): show why.
    load,
  );
  // Unread messages appearing while this conversation is open may be ones its subscription missed.
  useLiveSubscription<{ unreadTotal: number }>(ready ? 'subscription ConversationUnread { unreadTotal }' : null, {}, ({ unreadTotal }) => {
    if (unreadTotal > 0) catchUp();
  });
  useLiveSubscription<{ typing: { typing: boolean } }>(ready ? 'subscription Typing($m: Int!) { typing(matchId: $m) { typing } }' : null, { m: matchId }, ({ typing }) => setOtherTyping(typing.typing));
  useLiveSubscription<{ presence: { isOnline: boolean } }>(ready && summary ? 'subscription Presence($u: Int!) { presence(userId: $u) { isOnline } }' : null, { u: summary?.otherUser.id ?? 0 }, ({ presence }) => setOnline(presence.isOnline));
  useLiveSubscription<{ messagesRead: number }>(ready && seenUpTo !== null ? 'subscription Seen($m: Int!) { messagesRead(matchId: $m) }' : null, { m: matchId }, ({ messagesRead }) => setSeenUpTo(messagesRead));

  // What is on screen is read: the other person's messages up to the last one shown.
  const lastFromOther = [...messages].reverse().find((message) => message.senderId !== user.id)?.seq;
  useEffect(() => {
    if (ready && lastFromOther !== undefined) markConversationRead(matchId, lastFromOther).catch(() => undefined);
  }, [ready, matchId, lastFromOther]);

  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, otherTyping]);

  const send = async () => {
    const content = draft.trim();
    if (!content || sending) return;
    setSending(true);
    try {
      const sent = await sendMessage(matchId, user.id, content);
      setMessages((current) => merged(current, [sent]));
      setDraft('');
      lastTyping.current = 0;
    } catch (error) {
      if (limitReasonOf(error) === 'chat-limit') setLimitPrompt(true);
      else toast({ title: ChatMessages.sendFailedTitle, description: ChatMessages.sendFailed, variant: 'destructive' });
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  const onDraft = (value: string) => {
    setDraft(value);
    const now = Date.now();
    if (value.trim() && now - lastTyping.current > TYPING_EVERY_MS) {
      lastTyping.current = now;
      setTyping(matchId, true).catch(() => undefined);
    }
  };

  const loadOlder = async () => {
    if (!olderCursor) return;
    const page = await fetchMessages(matchId, { before: olderCursor });
    setMessages((current) => merged(current, page.messages));
    setOlderCursor(page.olderCursor);
  };

  if (state === 'loading') {
    return (
      <EmptyState>
        <Spinner label="Loading the conversation" />
      </EmptyState>
    );
  }
  if (state === 'deleted') {
    return (
      <EmptyState>
        <h2>This account was deleted</h2>
        <Muted>Their messages are gone with it.</Muted>
        <Button onClick={onBack}>Back to your matches</Button>
      </EmptyState>
    );
  }
  if (state === 'gone' || !summary) {
    return (
      <EmptyState>
        <h2>This conversation is gone</h2>
        <Muted>The match has ended.</Muted>
        <Button onClick={onBack}>Back to your matches</Button>
      </EmptyState>
    );
  }

  const other = summary.otherUser;
  const lastOwn = [...messages].reverse().find((message) => message.senderId === user.id);
  return (
    <Layout>
      <Header>
        <Round type="button" aria-label="Back to your matches" onClick={onBack}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d="M15 18l-6-6 6-6" />
          </svg>
        </Round>
        <Avatar>
          <img src={other.photo} alt="" />
          {online && <OnlineDot aria-hidden="true" />}
        </Avatar>
        <Who>
          <strong>{other.name}</strong>
          <Status>{summary.otherDeleted ? 'This account was deleted' : online ? 'Online now' : 'Offline'}</Status>
        </Who>
        <Round type="button" aria-label="Conversation menu" aria-haspopup="menu" aria-expanded={menu === 'open'} onClick={() => setMenu(menu === 'open' ? 'closed' : 'open')}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="currentColor">
            <circle cx="12" cy="5" r="2" />
            <circle cx="12" cy="12" r="2" />
            <circle cx="12" cy="19" r="2" />
          </svg>
        </Round>
        {menu === 'open' && (
          <MenuList role="menu">
            <button type="button" role="menuitem" onClick={() => setMenu('unmatch')}>
              Unmatch
            </button>
            <button type="button" role="menuitem" onClick={() => setMenu('block')}>
              Block and report
            </button>
          </MenuList>
        )}
      </Header>

      <Messages aria-live="polite" aria-label={`Conversation with ${other.name}`}>
        {olderCursor && (
          <Older type="button" onClick={() => void loadOlder()}>
            Earlier messages
          </Older>
        )}
        {messages.length === 0 && <Muted>Say hello to {other.name}.</Muted>}
        {messages.map((message) => {
          const own = message.senderId === user.id;
          return (
            <Bubble key={message.id} $own={own} data-testid={own ? 'own-message' : 'their-message'}>
              <span>{message.content}</span>
              <Time dateTime={message.createdAt}>{timeOf(message.createdAt)}</Time>
              {own && message.id === lastOwn?.id && seenUpTo !== null && seenUpTo >= message.seq && <Seen>Seen</Seen>}
            </Bubble>
          );
        })}
        {otherTyping && (
          <Typing aria-label={`${other.name} is typing`}>
            <i />
            <i />
            <i />
          </Typing>
        )}
        <div ref={bottom} />
      </Messages>

      <Composer>
        <IceBreaker type="button" onClick={() => setDraft(IceBreakers[Math.floor(Math.random() * IceBreakers.length)]!)}>
          Suggest Ice-Breaker
        </IceBreaker>
        <InputRow>
          <Input aria-label="Message" placeholder="Type a message..." rows={1} value={draft} maxLength={2000} onChange={(event) => onDraft(event.target.value)} onKeyDown={onKeyDown} disabled={summary.otherDeleted} />
          <Send type="button" aria-label="Send" disabled={!draft.trim() || sending || summary.otherDeleted} onClick={() => void send()}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
              <path d="M22 2L11 13M22 2l-7 20-4-9-9-4 20-7z" />
            </svg>
          </Send>
        </InputRow>
      </Composer>

      {limitPrompt && <UpgradePrompt trigger="chat-limit" onClose={() => setLimitPrompt(false)} />}
      {menu === 'unmatch' && <UnmatchDialog name={other.name} onCancel={() => setMenu('closed')} onConfirm={() => unmatch(matchId).then(onBack)} />}
      {menu === 'block' && <BlockDialog name={other.name} onCancel={() => setMenu('closed')} onConfirm={(reason, text) => blockAndReport(other.id, matchId, reason, text).then(onBack)} />}
    </Layout>
  );
}

function UnmatchDialog({ name, onCancel, onConfirm }: { name: string; onCancel: () => void; onConfirm: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const confirm = () => {
    setBusy(true);
    onConfirm().catch(() => {
      setBusy(false);
      toast({ title: 'Error', description: 'Could not unmatch. Please try again.', variant: 'destructive' });
    });
  };
  return (
    <Dialog
      title={`Unmatch ${name}?`}
      description="The conversation disappears for both of you. This cannot be undone."
      onClose={onCancel}
      role="alertdialog"
      footer={
        <>
          <Button $block onClick={confirm} disabled={busy}>
            Unmatch
          </Button>
          <Button $block $variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        </>
      }
    >
      {null}
    </Dialog>
  );
}

function BlockDialog({ name, onCancel, onConfirm }: { name: string; onCancel: () => void; onConfirm: (reason: ReportReason, text: string) => Promise<void> }) {
  const [reason, setReason] = useState<ReportReason>('harassment');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const confirm = () => {
    setBusy(true);
    onConfirm(reason, text).catch(() => {
      setBusy(false);
      toast({ title: 'Error', description: 'Could not block. Please try again.', variant: 'destructive' });
    });
  };
  return (
    <Dialog
      title={`Block and report ${name}?`}
      description="You will not see each other anywhere again, and our moderators will look at your report."
      onClose={onCancel}
      role="alertdialog"
      footer={
        <>
          <Button $block onClick={confirm} disabled={busy}>
            Block and report
          </Button>
          <Button $block $variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        </>
      }
    >
      <Field>
        <span>Reason</span>
        <select value={reason} onChange={(event) => setReason(event.target.value as ReportReason)}>
          {ReportReasons.map((value) => (
            <option key={value} value={value}>
              {reportReasonLabels[value]}
            </option>
          ))}
        </select>
      </Field>
      <Field>
        <span>What happened (optional)</span>
        <textarea value={text} maxLength={1000} rows={3} onChange={(event) => setText(event.target.value)} />
      </Field>
    </Dialog>
  );
}

const Layout = styled.div`
  flex: 1;
  display: flex;
  flex-direction: column;
  min-height: 0;
`;

const Header = styled.div`
  position: relative;
  display: grid;
  grid-template-columns: auto auto 1fr auto;
  align-items: center;
  gap: 10px;
  padding-bottom: 12px;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
`;

const Round = styled.button`
  display: grid;
  place-items: center;
  width: 40px;
  height: 40px;
  border-radius: 50%;
  color: ${({ theme }) => theme.color.text};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  cursor: pointer;
`;

const Who = styled.div`
  display: grid;
`;

const Status = styled.span`
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.color.textSubtle};
`;

const MenuList = styled.div`
  position: absolute;
  z-index: 5;
  top: 48px;
  right: 0;
  display: grid;
  min-width: 180px;
  padding: 6px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.dusk};
  border: 1px solid ${({ theme }) => theme.color.borderStrong};

  button {
    padding: 10px 12px;
    text-align: left;
    border: 0;
    border-radius: ${({ theme }) => theme.radius.sm};
    background: transparent;
    color: ${({ theme }) => theme.color.text};
    font: inherit;
    cursor: pointer;
  }

  button:hover {
    background: ${({ theme }) => theme.color.surfaceStrong};
  }
`;

const Messages = styled.div`
  flex: 1;
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding: 16px 0;
  overflow-y: auto;
  min-height: 240px;
`;

const Older = styled.button`
  align-self: center;
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.color.accent};
  font: inherit;
  cursor: pointer;
`;

const Bubble = styled.div<{ $own: boolean }>`
  align-self: ${({ $own }) => ($own ? 'flex-end' : 'flex-start')};
  max-width: 78%;
  display: grid;
  gap: 2px;
  padding: 9px 13px;
  border-radius: 18px;
  border-bottom-${({ $own }) => ($own ? 'right' : 'left')}-radius: 6px;
  background: ${({ $own, theme }) => ($own ? theme.gradient.accent : theme.color.surfaceStrong)};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Time = styled.time`
  justify-self: end;
  font-size: 0.6875rem;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Seen = styled.span`
  justify-self: end;
  font-size: 0.6875rem;
  color: ${({ theme }) => theme.color.moon};
`;

const blink = keyframes`
  0%, 80%, 100% { opacity: 0.25; }
  40% { opacity: 1; }
`;

const Typing = styled.div`
  align-self: flex-start;
  display: flex;
  gap: 4px;
  padding: 12px 14px;
  border-radius: 18px;
  background: ${({ theme }) => theme.color.surfaceStrong};

  i {
    width: 7px;
    height: 7px;
    border-radius: 50%;
    background: ${({ theme }) => theme.color.textMuted};
    animation: ${blink} 1.2s infinite;
  }
  i:nth-child(2) {
    animation-delay: 0.2s;
  }
  i:nth-child(3) {
    animation-delay: 0.4s;
  }
`;

const Composer = styled.div`
  display: grid;
  gap: 8px;
  padding-top: 10px;
  border-top: 1px solid ${({ theme }) => theme.color.border};
`;

const IceBreaker = styled.button`
  justify-self: start;
  padding: 6px 12px;
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.moon};
  font: inherit;
  font-size: 0.8125rem;
  cursor: pointer;
`;

const InputRow = styled.div`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 8px;
  align-items: end;
`;

const Input = styled.textarea`
  resize: none;
  min-height: 44px;
  max-height: 140px;
  padding: 11px 14px;
  border-radius: 22px;
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  font: inherit;
`;

const Send = styled.button`
  display: grid;
  place-items: center;
  width: 44px;
  height: 44px;
  border-radius: 50%;
  border: 0;
  background: ${({ theme }) => theme.gradient.accent};
  color: #fff;
  cursor: pointer;

  &:disabled {
    opacity: 0.45;
    cursor: not-allowed;
  }
`;

const Field = styled.label`
  display: grid;
  gap: 6px;
  margin-top: 10px;
  font-size: 0.875rem;

  select,
  textarea {
    padding: 9px 12px;
    border-radius: ${({ theme }) => theme.radius.sm};
    border: 1px solid ${({ theme }) => theme.color.border};
    background: ${({ theme }) => theme.color.night};
    color: ${({ theme }) => theme.color.text};
    font: inherit;
  }
`;
