import { screen } from '@testing-library/react';
import { renderScreen } from '../../testing/renderScreen';
import { BottomTabBar } from './BottomTabBar';

describe('BottomTabBar', () => {
  it.each(['/feed', '/swipe-deck', '/lobby'])('marks Feed as the current tab on %s', (path) => {
    renderScreen(<BottomTabBar />, { path });
    expect(screen.getByRole('link', { name: 'Feed' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Messages' }).getAttribute('aria-current')).toBeNull();
  });

  it('links the tabs to the feed, the chat and the profile', () => {
    renderScreen(<BottomTabBar />, { path: '/profile' });
    expect(screen.getByRole('link', { name: 'Feed' }).getAttribute('href')).toBe('/feed');
    expect(screen.getByRole('link', { name: 'Messages' }).getAttribute('href')).toBe('/chat');
    expect(screen.getByRole('link', { name: 'Profile' }).getAttribute('aria-current')).toBe('page');
  });

  it('hides the unread badge at 0 and shows the count otherwise', () => {
    const { unmount } = renderScreen(<BottomTabBar unreadCount={0} />, { path: '/chat' });
    const quiet = screen.getByRole('link', { name: 'Messages' });
    // No badge at all: no number in the link, no element besides the icon and the label.
    expect(quiet.textContent).toBe('Messages');
    expect(quiet.textContent).not.toMatch(/\d/);
    unmount();
    renderScreen(<BottomTabBar unreadCount={3} />, { path: '/chat' });
    expect(screen.getByRole('link', { name: 'Messages, 3 unread' }).textContent).toContain('3');
  });
});
