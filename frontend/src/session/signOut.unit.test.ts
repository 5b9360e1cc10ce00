import { HttpError } from '../api/http';
import { StorageKeys, rememberSignedInUser } from './browserSession';
import { signOutEverywhere } from './signOut';

describe('signOutEverywhere', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    rememberSignedInUser({ id: 5 });
    sessionStorage.setItem('draft', 'x');
  });

  it('ends the server session, then clears the session storage', async () => {
    const callSignOut = jest.fn(async () => ({ ok: true }));
    await signOutEverywhere(callSignOut);
    expect(callSignOut).toHaveBeenCalled();
    expect(sessionStorage.length).toBe(0);
  });

  it('also removes the user object an earlier version kept in localStorage', async () => {
    localStorage.setItem('user', JSON.stringify({ id: 5, email: 'nova@example.com' }));
    localStorage.setItem('currentUserId', '5');
    localStorage.setItem('theme', 'night');
    await signOutEverywhere(async () => ({ ok: true }));
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('currentUserId')).toBeNull();
    expect(localStorage.getItem('theme')).toBe('night');
  });

  it('treats an already ended session as signed out', async () => {
    await signOutEverywhere(async () => {
      throw new HttpError(401, '', 'Unauthorized');
    });
    expect(sessionStorage.getItem(StorageKeys.currentUserId)).toBeNull();
  });

  it('keeps everything when the server could not sign out', async () => {
    await expect(
      signOutEverywhere(async () => {
        throw new HttpError(500, '', 'Internal Server Error');
      }),
    ).rejects.toThrow('500');
    expect(sessionStorage.getItem(StorageKeys.currentUserId)).toBe('5');
  });
});
