import { existsSync } from 'node:fs';
import path from 'node:path';
import { opensSignedIn, screenModulesByPath, screenModulesFor } from './screenPaths';
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

  it('knows the signed-in screens (the app asks for the session as it starts there)', () => {
    expect(['/swipe-deck', '/feed', '/lobby', '/chat/', '/profile', '/settings'].filter(opensSignedIn)).toHaveLength(6);
    expect(['/', '/signin', '/signup', '/onboarding', '/privacy', '/nowhere'].filter(opensSignedIn)).toEqual([]);
  });
});
