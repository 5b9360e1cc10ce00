import { forgetCurrentUserId, rememberSignedInUser, StorageKeys, storedCurrentUserId } from './browserSession';

describe('what the browser keeps of a signed-in person', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('keeps only the id and the signed-in flag, in the tab session storage, and nothing in localStorage', () => {
    rememberSignedInUser({ id: 12, username: 'vega', name: 'Vega', email: 'vega@example.com', age: 30 } as never);
    expect({ ...sessionStorage }).toEqual({ [StorageKeys.currentUserId]: '12', [StorageKeys.signedIn]: 'true' });
    expect(localStorage.length).toBe(0);
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('vega');
    expect(storedCurrentUserId()).toBe(12);
  });

  it('drops the user object an earlier version left in localStorage at the next sign-in', () => {
    localStorage.setItem('user', JSON.stringify({ id: 3, email: 'old@example.com' }));
    localStorage.setItem('isAuthenticated', 'true');
    rememberSignedInUser({ id: 3 });
    expect(localStorage.length).toBe(0);
  });

  it('forgets the id once onboarding is done, keeping the flag', () => {
    rememberSignedInUser({ id: 4 });
    forgetCurrentUserId();
    expect(storedCurrentUserId()).toBeUndefined();
    expect(sessionStorage.getItem(StorageKeys.signedIn)).toBe('true');
  });
});
