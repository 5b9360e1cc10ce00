import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import styled, { keyframes } from 'styled-components';
import type { ChatMessage } from '../../api/chat';
import { Muted } from '../../components/Surface';

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

interface MessageListProps {
  messages: readonly ChatMessage[];
  userId: number;
  otherName: string;
  /** The other person's read marker ('Seen' under your last message it covers); null without read receipts. */
  seenUpTo: number | null;
  otherTyping: boolean;
  hasOlder: boolean;
  onLoadOlder: () => void;
  /** Without read receipts: a quiet "See when it's read" under your last message leads to the plans that have them. */
  onSeeReadReceipts?: () => void;
}

/** Within this many px of the end the list counts as showing the newest message. */
const NEAR_END_PX = 48;

/**
 * The messages, oldest first, in a list that scrolls on its own. It opens at the newest message and follows
 * new ones while the person is there; scrolled up, they read on undisturbed and a 'New messages' pill leads
 * back down. 'Earlier messages' (while there are any) adds older ones above without moving what is shown.
 */
export function MessageList({ messages, userId, otherName, seenUpTo, otherTyping, hasOlder, onLoadOlder, onSeeReadReceipts }: MessageListProps) {
  const list = useRef<HTMLDivElement>(null);
  // Following the newest message: true until the person scrolls away from the end.
  const following = useRef(true);
  const shown = useRef<{ first?: string; last?: string; height: number }>({ height: 0 });
  const [missed, setMissed] = useState(false);

  const toEnd = useCallback(() => {
    const element = list.current;
    if (!element) return;
    element.scrollTop = element.scrollHeight;
    following.current = true;
    setMissed(false);
  }, []);

  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    const first = messages[0]?.id;
    const last = messages.at(-1)?.id;
    const before = shown.current;
    const newerArrived = last !== before.last;
    // Where the person is now, not as of the last scroll event: a scroll up the browser has not reported yet
    // (the event comes with the next frame) must not be undone by a message arriving in between.
    if (before.height > 0) following.current = before.height - element.scrollTop - element.clientHeight <= NEAR_END_PX;
    if (before.first !== undefined && first !== before.first && !newerArrived) {
      // An older page went in above: the same messages stay where they were.
      element.scrollTop += element.scrollHeight - before.height;
    } else if (following.current || (newerArrived && messages.at(-1)?.senderId === userId)) {
      toEnd();
    } else if (newerArrived) {
      setMissed(true);
    }
    shown.current = { first, last, height: element.scrollHeight };
  }, [messages, otherTyping, seenUpTo, userId, toEnd]);

  // The frame shrinks when the keyboard opens: whoever was at the newest message stays there.
  useEffect(() => {
    const element = list.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => {
      if (following.current) element.scrollTop = element.scrollHeight;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const onScroll = () => {
    const element = list.current;
    if (!element) return;
    following.current = element.scrollHeight - element.scrollTop - element.clientHeight <= NEAR_END_PX;
    if (following.current) setMissed(false);
  };

  const lastOwn = messages.findLast((message) => message.senderId === userId);
  return (
    <Frame>
      <Messages ref={list} onScroll={onScroll} aria-live="polite" aria-label={`Conversation with ${otherName}`} tabIndex={0}>
        {hasOlder && (
          <Older type="button" onClick={onLoadOlder}>
            Earlier messages
          </Older>
        )}
        {messages.length === 0 && <Muted>Say hello to {otherName}.</Muted>}
        {messages.map((message) => {
          const own = message.senderId === userId;
          return (
            <Bubble key={message.id} $own={own} data-testid={own ? 'own-message' : 'their-message'}>
              <span>{message.content}</span>
              <Time dateTime={message.createdAt}>{timeOf(message.createdAt)}</Time>
              {own && message.id === lastOwn?.id && seenUpTo !== null && seenUpTo >= message.seq && <Seen>Seen</Seen>}
              {own && message.id === lastOwn?.id && seenUpTo === null && onSeeReadReceipts && (
                <SeeReceipts type="button" onClick={onSeeReadReceipts}>
                  See when it's read
                </SeeReceipts>
              )}
            </Bubble>
          );
        })}
        {otherTyping && (
          <Typing aria-label={`${otherName} is typing`}>
            <i />
            <i />
            <i />
          </Typing>
        )}
      </Messages>
      {missed && (
        <NewMessages type="button" onClick={toEnd}>
          New messages ↓
        </NewMessages>
      )}
    </Frame>
  );
}

const Frame = styled.div`
  position: relative;
  flex: 1;
  min-height: 0;
  display: flex;
  flex-direction: column;
`;

const Messages = styled.div`
  flex: 1;
  min-height: 0;
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding: 16px 2px;
  overflow-y: auto;
  overscroll-behavior: contain;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.accent};
    outline-offset: -2px;
  }
`;

const NewMessages = styled.button`
  position: absolute;
  left: 50%;
  bottom: 12px;
  transform: translateX(-50%);
  padding: 8px 16px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.gradient.accent};
  color: ${({ theme }) => theme.color.white};
  box-shadow: ${({ theme }) => theme.shadow.glow};
  font: inherit;
  font-size: 0.875rem;
  font-weight: 600;
  cursor: pointer;
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

const SeeReceipts = styled.button`
  justify-self: end;
  /* A finger-sized target around small, quiet text. */
  margin: -8px -4px -6px;
  padding: 8px 4px 6px;
  border: none;
  background: none;
  font-size: 0.6875rem;
  color: ${({ theme }) => theme.color.textMuted};
  cursor: pointer;

  &:hover {
    color: ${({ theme }) => theme.color.moon};
    text-decoration: underline;
  }
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
