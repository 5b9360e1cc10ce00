import { existsSync } from 'node:fs';
import path from 'node:path';
import { documentTitleFor, opensSignedIn, routes, screenModulesByPath, screenModulesFor, tabFor } from './routes';
import { screens } from './screens';

const frontendDir = path.resolve(__dirname, '..');

describe('screen modules by path', () => {
  const listed = new Set(Object.values(screenModulesByPath).flat());

  it('names only modules that exist and that the app loads lazily', () => {
    const lazy = new Set(Object.values(screens).map((screen) => screen.source));
    for (const source of listed) {
      expect({ source, exists: existsSync(path.join(frontendDir, source)), lazy: lazy.has(source) }).toEqual({ source, exists: true, lazy: true });
    }
  });

  it('covers every lazily loaded screen', () => {
    for (const screen of Object.values(screens)) expect(listed.has(screen.source)).toBe(true);
  });

  it('finds a path with a trailing slash, and sends unknown paths to the 404 screen', () => {
    expect(screenModulesFor('/signin/')).toEqual(['src/features/account/SignInPage.tsx']);
    expect(screenModulesFor('/')).toEqual([]);
    expect(screenModulesFor('/no/such/place')).toEqual(['src/features/notFound/NotFoundPage.tsx']);
  });

  it('opens a path that sends elsewhere with the screen it sends to', () => {
    expect(screenModulesFor('/feed')).toEqual(screenModulesFor('/swipe-deck'));
  });

  it('knows the signed-in screens (the app asks for the session as it starts there)', () => {
    expect(['/swipe-deck', '/feed', '/lobby', '/chat/', '/profile', '/settings'].filter(opensSignedIn)).toHaveLength(6);
    expect(['/', '/signin', '/signup', '/onboarding', '/privacy', '/nowhere'].filter(opensSignedIn)).toEqual([]);
  });
});

describe('document titles', () => {
  it('name the screen and the product', () => {
    expect(documentTitleFor('/')).toBe('Nocturne');
    expect(documentTitleFor('/signup')).toBe('Join Nocturne');
    expect(documentTitleFor('/chat')).toBe('Messages · Nocturne');
    expect(documentTitleFor('/settings/')).toBe('Settings · Nocturne');
    expect(documentTitleFor('/nowhere')).toBe('Page Not Found · Nocturne');
  });

  it('exist for every path of the table', () => {
    for (const route of routes) expect(route.title.length).toBeGreaterThan(0);
  });
});

describe('the current tab', () => {
  it('is Feed on the deck and the Lobby, Messages and Profile on theirs, none elsewhere', () => {
    expect(['/feed', '/swipe-deck', '/lobby', '/chat', '/chat/41', '/profile', '/settings', '/signin'].map(tabFor)).toEqual(['Feed', 'Feed', 'Feed', 'Messages', 'Messages', 'Profile', undefined, undefined]);
  });
});
