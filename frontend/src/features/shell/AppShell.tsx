import { Suspense } from 'react';
import { Outlet } from 'react-router';
import styled from 'styled-components';
import { MotionScope } from '../../components/motion/MotionScope';
import { StarField } from '../../components/StarField';
import { readSwipeWindowMode, type SwipeWindowMode } from '../../time/swipeWindow';
import { LiveMatchPopup } from '../match/LiveMatchPopup';
import { useLiveNotifications } from '../../notifications/useLiveNotifications';
import { useLiveUnreadTotal } from './useLiveUnreadTotal';
import { BottomTabBar } from './BottomTabBar';
import { TopBar } from './TopBar';

interface AppShellProps {
  withTabBar?: boolean;
  swipeWindowMode?: SwipeWindowMode;
}

/**
 * The signed-in frame: top bar with the swipe-window countdown, the page, and (on tab screens) the tab bar.
 * Its screens' animations share one MotionScope (see there: they draw before the animation code arrives).
 */
export function AppShell({ withTabBar = true, swipeWindowMode = readSwipeWindowMode() }: AppShellProps) {
  // The app's live connection: the badge's count, new matches, messages and likes wherever the person is.
  const { onUnreadTotal } = useLiveNotifications();
  const unreadCount = useLiveUnreadTotal(onUnreadTotal);
  return (
    <MotionScope>
      <Backdrop>
        <StarField count={24} seed={11} />
        <Frame>
          <TopBar swipeWindowMode={swipeWindowMode} />
          <Content $withTabBar={withTabBar}>
            {/* The frame stays while a screen's chunk loads; moving between loaded screens never waits. */}
            <Suspense fallback={null}>
              <Outlet />
            </Suspense>
          </Content>
          {withTabBar && <BottomTabBar unreadCount={unreadCount} />}
          <LiveMatchPopup />
        </Frame>
      </Backdrop>
    </MotionScope>
  );
}

const Backdrop = styled.div`
  position: relative;
  min-height: 100%;
  min-height: 100dvh;
  background: ${({ theme }) => theme.gradient.sky};
`;

const Frame = styled.div`
  position: relative;
  z-index: 1;
  max-width: ${({ theme }) => theme.layout.columnWidth};
  min-height: 100dvh;
  margin: 0 auto;
  display: flex;
  flex-direction: column;
  background: ${({ theme }) => theme.alpha('sky', 0.35)};
  box-shadow: 0 0 0 1px ${({ theme }) => theme.alpha('white', 0.04)};
`;

const Content = styled.main<{ $withTabBar: boolean }>`
  flex: 1;
  display: flex;
  flex-direction: column;
  padding: 20px 20px ${({ $withTabBar, theme }) => ($withTabBar ? `calc(${theme.layout.tabBar} + 24px)` : '28px')};
`;
