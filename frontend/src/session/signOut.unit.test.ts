import { HttpError } from '../api/http';
import { StorageKeys, rememberSignedInUser } from './browserSession';
import { signOutEverywhere } from './signOut';

describe('signOutEverywhere', () => {
  beforeEach(() => {
    rememberSignedInUser({ id: 5, username: 'nova', name: 'Nova' });
    sessionStorage.setItem('draft', 'x');
  });

  it('ends the server session, then clears the stored user and the session storage', async () => {
    const callSignOut = jest.fn(async () => ({ ok: true }));
    await signOutEverywhere(callSignOut);
    expect(callSignOut).toHaveBeenCalled();
    for (const key of Object.values(StorageKeys)) expect(localStorage.getItem(key)).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  it('treats an already ended session as signed out', async () => {
    await signOutEverywhere(async () => {
      throw new HttpError(401, '', 'Unauthorized');
    });
    expect(localStorage.getItem(StorageKeys.currentUserId)).toBeNull();
  });

  it('keeps everything when the server could not sign out', async () => {
    await expect(
      signOutEverywhere(async () => {
        throw new HttpError(500, '', 'Internal Server Error');
      }),
    ).rejects.toThrow('500');
    expect(localStorage.getItem(StorageKeys.currentUserId)).toBe('5');
  });
});
