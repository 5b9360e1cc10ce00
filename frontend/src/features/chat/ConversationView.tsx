import { useState, type CSSProperties } from 'react';
import { useMachine } from '@xstate/react';
import styled from 'styled-components';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { EmptyState, Muted } from '../../components/Surface';
import { useSignedInUser } from '../../session/SessionContext';
import { UpgradePrompt } from '../plans/UpgradePrompt';
import { Composer } from './Composer';
import { ConversationHeader } from './ConversationHeader';
import { conversationMachine } from './conversationMachine';
import { UnmatchDialog } from './EndMatchDialogs';
import { BlockDialog, ReportDialog } from '../safety/SafetyDialogs';
import { MessageList } from './MessageList';
import { useKeyboardInset } from './keyboardInset';

/** One conversation, drawn from the states of `conversationMachine`: header, messages, composer, and the menu's dialogs. */
export function ConversationView({ matchId, onBack, machine = conversationMachine }: { matchId: number; onBack: () => void; machine?: typeof conversationMachine }) {
  const user = useSignedInUser();
  const [withBack] = useState(() => machine.provide({ actions: { leave: () => onBack() } }));
  const [state, send] = useMachine(withBack, { input: { matchId, userId: user.id } });
  const { conversation, messages, olderCursor, online, seenUpTo, otherTyping, draft } = state.context;
  const keyboardInset = useKeyboardInset();
  const [receiptsPrompt, setReceiptsPrompt] = useState(false);

  // Loaded again after the match ended, the conversation stays on screen until it is clear why.
  if (state.matches('loading') || (state.matches('ended') && !conversation)) {
    return (
      <EmptyState>
        <Spinner label="Loading the conversation" />
      </EmptyState>
    );
  }
  if (state.matches('deleted')) {
    return (
      <EmptyState>
        <h2>This account was deleted</h2>
        <Muted>Their messages are gone with it.</Muted>
        <Button onClick={onBack}>Back to your matches</Button>
      </EmptyState>
    );
  }
  if (state.matches('gone') || !conversation) {
    return (
      <EmptyState>
        <h2>This conversation is gone</h2>
        <Muted>The match has ended.</Muted>
        <Button onClick={onBack}>Back to your matches</Button>
      </EmptyState>
    );
  }

  const other = conversation.otherUser;
  return (
    <Layout style={{ '--keyboard-inset': `${keyboardInset}px` } as CSSProperties}>
      <ConversationHeader
        conversation={conversation}
        online={online}
        menuOpen={state.matches({ open: { menu: 'open' } })}
        onBack={onBack}
        onToggleMenu={() => send({ type: 'TOGGLE_MENU' })}
        onUnmatch={() => send({ type: 'CHOOSE_UNMATCH' })}
        onBlock={() => send({ type: 'CHOOSE_BLOCK' })}
        onReport={() => send({ type: 'CHOOSE_REPORT' })}
      />
      <MessageList
        messages={messages}
        userId={user.id}
        otherName={other.name}
        seenUpTo={seenUpTo}
        otherTyping={otherTyping}
        hasOlder={olderCursor !== null}
        onLoadOlder={() => send({ type: 'LOAD_OLDER' })}
        onSeeReadReceipts={() => setReceiptsPrompt(true)}
      />
      <Composer
        draft={draft}
        disabled={conversation.otherDeleted}
        canSend={state.can({ type: 'SEND' })}
        onDraft={(value) => send({ type: 'TYPE', draft: value })}
        onSend={() => send({ type: 'SEND' })}
        onSuggestIceBreaker={() => send({ type: 'SUGGEST_ICE_BREAKER' })}
      />

      {state.matches({ open: { composer: 'limitReached' } }) && <UpgradePrompt trigger="chat-limit" onClose={() => send({ type: 'CLOSE_PROMPT' })} />}
      {receiptsPrompt && (
        <UpgradePrompt
          trigger="read-receipts"
          onClose={() => {
            setReceiptsPrompt(false);
            // A plan chosen in the prompt brings the receipts: the conversation is read again with them.
            send({ type: 'RELOAD' });
          }}
        />
      )}
      {state.matches({ open: { menu: 'confirmingUnmatch' } }) && (
        <UnmatchDialog name={other.name} busy={state.matches({ open: { leaving: 'unmatching' } })} onCancel={() => send({ type: 'CANCEL' })} onConfirm={() => send({ type: 'CONFIRM_UNMATCH' })} />
      )}
      {state.matches({ open: { menu: 'confirmingBlock' } }) && (
        <BlockDialog name={other.name} busy={state.matches({ open: { leaving: 'blocking' } })} onCancel={() => send({ type: 'CANCEL' })} onConfirm={() => send({ type: 'CONFIRM_BLOCK' })} />
      )}
      {(state.matches({ open: { menu: 'confirmingReport' } }) || state.matches({ open: { menu: 'reporting' } })) && (
        <ReportDialog name={other.name} busy={state.matches({ open: { menu: 'reporting' } })} onCancel={() => send({ type: 'CANCEL' })} onConfirm={(reason, text) => send({ type: 'CONFIRM_REPORT', reason, text })} />
      )}
    </Layout>
  );
}

/**
 * A fixed frame between the top bar and the tab bar (or the on-screen keyboard, when it covers the tab bar):
 * the header and the composer stay put and only the messages scroll, however long the conversation.
 */
const Layout = styled.div`
  position: fixed;
  z-index: 1;
  top: calc(${({ theme }) => theme.layout.topBar} + 12px);
  bottom: calc(max(${({ theme }) => theme.layout.tabBar} + env(safe-area-inset-bottom), var(--keyboard-inset, 0px)) + 10px);
  left: 0;
  right: 0;
  max-width: ${({ theme }) => theme.layout.columnWidth};
  margin: 0 auto;
  padding: 0 20px;
  display: flex;
  flex-direction: column;
`;
