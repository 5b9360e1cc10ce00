import { screen } from '@testing-library/react';
import { SessionContext } from '../../session/SessionContext';
import { renderScreen } from '../../testing/renderScreen';
import { LobbyPage } from './LobbyPage';

const renderLobby = () =>
  renderScreen(
    <SessionContext.Provider value={{ id: 4, username: 'vega', email: 'vega@example.test', name: 'Vega', age: 30, createdAt: '2026-11-01T21:00:00.000Z' }}>
      <LobbyPage />
    </SessionContext.Provider>,
    { path: '/lobby' },
  );

describe('LobbyPage', () => {
  let meta: HTMLMetaElement | undefined;

  beforeEach(() => {
    jest.useFakeTimers();
    jest.setSystemTime(new Date(2026, 10, 22, 17, 30, 0));
  });
  afterEach(() => {
    jest.useRealTimers();
    meta?.remove();
    meta = undefined;
  });

  /** What the gateway adds to the page it serves when SWIPE_WINDOW=always. */
  const serveRoundTheClockWindow = () => {
    meta = document.createElement('meta');
    meta.name = 'nocturne-swipe-window';
    meta.content = 'always';
    document.head.append(meta);
  };

  it('counts down to 8:00 PM outside the nightly window', () => {
    renderLobby();
    expect(screen.getByText('Swiping opens in')).toBeTruthy();
    expect(screen.getByText('02:30:00')).toBeTruthy();
  });

  it('says swiping is open when the server opens the window round the clock, as the top bar does', () => {
    serveRoundTheClockWindow();
    renderLobby();
    expect(screen.getByText('Open now')).toBeTruthy();
    expect(screen.queryByText('Swiping opens in')).toBeNull();
    expect(screen.queryByText('02:30:00')).toBeNull();
    expect(screen.getByText(/Swiping is open round the clock/)).toBeTruthy();
  });
});
