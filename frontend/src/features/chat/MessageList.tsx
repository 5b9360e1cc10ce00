import { useEffect, useRef } from 'react';
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
}

/** The messages, oldest first, kept scrolled to the newest; 'Earlier messages' while there are any. */
export function MessageList({ messages, userId, otherName, seenUpTo, otherTyping, hasOlder, onLoadOlder }: MessageListProps) {
  const bottom = useRef<HTMLDivElement>(null);
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, otherTyping]);

  const lastOwn = messages.findLast((message) => message.senderId === userId);
  return (
    <Messages aria-live="polite" aria-label={`Conversation with ${otherName}`}>
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
      <div ref={bottom} />
    </Messages>
  );
}

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
