import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpError } from '../../api/http';
import { renderScreen, Route, Routes } from '../../testing/renderScreen';
import { SignedInNotice, SIGNED_IN_TITLE } from './SignedInNotice';

const nova = { id: 7, username: 'nova', email: 'nova@example.test', name: 'Nova Star', age: 30, createdAt: '2026-11-01T21:00:00.000Z' };

const renderNotice = (props: Parameters<typeof SignedInNotice>[0]) =>
  renderScreen(<></>, {
    path: '/signup',
    routes: (
      <Routes>
        <Route path="/signup" element={<SignedInNotice {...props} />} />
        <Route path="/onboarding" element={<p>Onboarding</p>} />
        <Route path="/feed" element={<p>Feed</p>} />
      </Routes>
    ),
  });

describe('SignedInNotice', () => {
  it('says nothing to a visitor without a session', async () => {
    const loadUser = jest.fn(() => Promise.reject(new HttpError(401, '', 'Unauthorized')));
    renderNotice({ loadUser });
    await waitFor(() => expect(loadUser).toHaveBeenCalled());
    await act(async () => undefined);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks a signed-in person to continue as themselves or sign out first', async () => {
    renderNotice({ loadUser: async () => nova });
    const dialog = await screen.findByRole('alertdialog', { name: SIGNED_IN_TITLE });
    expect(dialog.textContent).toContain("You're signed in as Nova Star (@nova)");
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue as Nova Star' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/onboarding'));
  });

  it('continues to the feed once the person has onboarded', async () => {
    renderNotice({ loadUser: async () => ({ ...nova, onboardingCompleted: true }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Continue as Nova Star' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/feed'));
  });

  it('signs out first and then leaves the form to the new person', async () => {
    const signOut = jest.fn(async () => undefined);
    renderNotice({ loadUser: async () => nova, signOut });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out first' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('location').textContent).toBe('/signup');
  });
});
