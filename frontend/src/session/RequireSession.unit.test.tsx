import { screen, waitFor } from '@testing-library/react';
import { renderScreen, Route, Routes } from '../testing/renderScreen';
import { HttpError } from '../api/http';
import type { SessionUser } from '../api/auth';
import { useSignedInUser } from './SessionContext';
import { RequireSession } from './RequireSession';

function Lobby() {
  return <p>Hello {useSignedInUser().name}</p>;
}

const nobodyYet = () => undefined;

const routes = (loadUser: () => Promise<SessionUser>, arrivedUser: () => SessionUser | undefined = nobodyYet) => (
  <Routes>
    <Route path="/signin" element={<p>Sign-in screen</p>} />
    <Route element={<RequireSession loadUser={loadUser} arrivedUser={arrivedUser} />}>
      <Route path="/lobby" element={<Lobby />} />
    </Route>
  </Routes>
);

describe('RequireSession', () => {
  it('renders the signed-in screen with the user the server names', async () => {
    renderScreen(<></>, { path: '/lobby', routes: routes(async () => ({ id: 3, username: 'vega', email: 'vega@example.test', name: 'Vega', age: 30, createdAt: '2026-11-01T21:00:00.000Z' })) });
    expect(await screen.findByText('Hello Vega')).toBeTruthy();
  });

  it('sends signed-out visitors to /signin when the server answers 401', async () => {
    renderScreen(<></>, { path: '/lobby', routes: routes(() => Promise.reject(new HttpError(401, '{"error":"Not signed in"}', 'Unauthorized'))) });
    expect(await screen.findByText('Sign-in screen')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/signin');
  });

  it('offers a retry instead of signing out when the server cannot be reached', async () => {
    renderScreen(<></>, { path: '/lobby', routes: routes(() => Promise.reject(new TypeError('Failed to fetch'))) });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy());
    expect(screen.getByTestId('location').textContent).toBe('/lobby');
  });

  it('removes the user object an earlier version kept in localStorage', async () => {
    localStorage.setItem('user', JSON.stringify({ id: 3, email: 'vega@example.com' }));
    renderScreen(<></>, { path: '/lobby', routes: routes(async () => ({ id: 3, username: 'vega', email: 'vega@example.test', name: 'Vega', age: 30, createdAt: '2026-11-01T21:00:00.000Z' })) });
    expect(await screen.findByText('Hello Vega')).toBeTruthy();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('renders signed in from the first frame when the answer arrived before it, without asking again', () => {
    const loadUser = jest.fn(() => new Promise<SessionUser>(() => {}));
    renderScreen(<></>, { path: '/lobby', routes: routes(loadUser, () => ({ id: 3, username: 'vega', email: 'vega@example.test', name: 'Vega', age: 30, createdAt: '2026-11-01T21:00:00.000Z' })) });
    expect(screen.getByText('Hello Vega')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Checking your session' })).toBeNull();
    expect(loadUser).not.toHaveBeenCalled();
  });

  it('shows a spinner while it checks', () => {
    renderScreen(<></>, { path: '/lobby', routes: routes(() => new Promise(() => {})) });
    expect(screen.getByRole('status', { name: 'Checking your session' })).toBeTruthy();
  });
});
