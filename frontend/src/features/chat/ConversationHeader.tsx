import styled from 'styled-components';
import type { ConversationSummary } from '../../api/chat';
import { Avatar, OnlineDot } from './Avatar';

interface ConversationHeaderProps {
  conversation: ConversationSummary;
  online: boolean;
  menuOpen: boolean;
  onBack: () => void;
  onToggleMenu: () => void;
  onUnmatch: () => void;
  onBlock: () => void;
  onReport: () => void;
}

/** Back to the list, who this is ('Online now', 'Offline', or that the account was deleted), and the conversation menu. */
export function ConversationHeader({ conversation, online, menuOpen, onBack, onToggleMenu, onUnmatch, onBlock, onReport }: ConversationHeaderProps) {
  const other = conversation.otherUser;
  return (
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
        <Status>{conversation.otherDeleted ? 'This account was deleted' : online ? 'Online now' : 'Offline'}</Status>
      </Who>
      <Round type="button" aria-label="Conversation menu" aria-haspopup="menu" aria-expanded={menuOpen} onClick={onToggleMenu}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="currentColor">
          <circle cx="12" cy="5" r="2" />
          <circle cx="12" cy="12" r="2" />
          <circle cx="12" cy="19" r="2" />
        </svg>
      </Round>
      {menuOpen && (
        <MenuList role="menu">
          <button type="button" role="menuitem" onClick={onUnmatch}>
            Unmatch
          </button>
          <button type="button" role="menuitem" onClick={onBlock}>
            Block
          </button>
          <button type="button" role="menuitem" onClick={onReport}>
            Report
          </button>
        </MenuList>
      )}
    </Header>
  );
}

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
