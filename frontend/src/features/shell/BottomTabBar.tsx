import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import styled from 'styled-components';
import { ChatIcon, FlameIcon, UserIcon } from '../../components/icons';
import { tabFor, type Tab } from '../../routes';

interface TabLinkSpec {
  label: Tab;
  to: string;
  icon: ReactNode;
}

// Which tab is current on a path is the route table's (`tabFor`).
const tabs: readonly TabLinkSpec[] = [
  { label: 'Feed', to: '/feed', icon: <FlameIcon /> },
  { label: 'Messages', to: '/chat', icon: <ChatIcon /> },
  { label: 'Profile', to: '/profile', icon: <UserIcon /> },
];

/** Feed, Messages and Profile; the Messages badge shows unread messages and hides at 0. */
export function BottomTabBar({ unreadCount = 0 }: { unreadCount?: number }) {
  const active = tabFor(useLocation().pathname);
  return (
    <Nav aria-label="Main">
      {tabs.map((tab) => {
        const current = tab.label === active;
        const badge = tab.label === 'Messages' && unreadCount > 0 ? unreadCount : undefined;
        return (
          <TabLink
            key={tab.to}
            to={tab.to}
            aria-current={current ? 'page' : undefined}
            aria-label={badge === undefined ? undefined : `${tab.label}, ${badge} unread`}
            $current={current}
          >
            <IconWrap>
              {tab.icon}
              {badge !== undefined && <Badge aria-hidden="true">{badge > 99 ? '99+' : badge}</Badge>}
            </IconWrap>
            <span>{tab.label}</span>
          </TabLink>
        );
      })}
    </Nav>
  );
}

const Nav = styled.nav`
  position: fixed;
  z-index: 10;
  bottom: 0;
  left: 50%;
  transform: translateX(-50%);
  width: 100%;
  max-width: ${({ theme }) => theme.layout.columnWidth};
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  height: calc(${({ theme }) => theme.layout.tabBar} + env(safe-area-inset-bottom));
  padding-bottom: env(safe-area-inset-bottom);
  background: ${({ theme }) => theme.alpha('night', 0.82)};
  backdrop-filter: blur(18px);
  border-top: 1px solid ${({ theme }) => theme.color.border};
`;

const TabLink = styled(Link)<{ $current: boolean }>`
  position: relative;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 4px;
  margin: 6px;
  border-radius: ${({ theme }) => theme.radius.md};
  font-size: 0.75rem;
  font-weight: 500;
  text-decoration: none;
  color: ${({ $current, theme }) => ($current ? theme.color.text : theme.color.textSubtle)};
  transition: color 0.2s ease;

  svg {
    color: ${({ $current, theme }) => ($current ? theme.color.accent : 'currentColor')};
    filter: ${({ $current, theme }) => ($current ? `drop-shadow(0 0 8px ${theme.alpha('accent', 0.7)})` : 'none')};
  }

  &::before {
    content: '';
    position: absolute;
    top: -6px;
    width: 28px;
    height: 3px;
    border-radius: 0 0 3px 3px;
    background: ${({ theme }) => theme.gradient.accent};
    opacity: ${({ $current }) => ($current ? 1 : 0)};
  }

  &:hover {
    color: ${({ theme }) => theme.color.text};
  }
`;

const IconWrap = styled.span`
  position: relative;
  display: grid;
`;

const Badge = styled.span`
  position: absolute;
  top: -6px;
  right: -12px;
  min-width: 18px;
  height: 18px;
  padding: 0 5px;
  border-radius: 9px;
  background: ${({ theme }) => theme.color.badge};
  color: ${({ theme }) => theme.color.white};
  font-size: 0.6875rem;
  font-weight: 700;
  line-height: 18px;
  text-align: center;
  box-shadow: 0 0 0 2px ${({ theme }) => theme.color.night};
`;
