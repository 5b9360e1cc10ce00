import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Messages } from '@nocturne/contracts';
import { fromPromise } from 'xstate';
import { renderScreen } from '../../testing/renderScreen';
import { SignUpPage } from './SignUpPage';
import { signUpMachine } from './signUpMachine';
import type { SessionUser } from '../../api/auth';

const quietMachine = (signUp: () => Promise<{ user: SessionUser }>) =>
  signUpMachine.provide({ actors: { signUp: fromPromise(signUp) }, actions: { notify: jest.fn(), storeUser: jest.fn() } });

const type = (label: RegExp | string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('SignUpPage', () => {
  it('labels every field and starts the age at 18', () => {
    renderScreen(<SignUpPage machine={quietMachine(() => new Promise(() => {}))} />);
    expect(screen.getByRole('heading', { name: 'Join Nocturne' })).toBeTruthy();
    expect(screen.getByText('Create your night journey account')).toBeTruthy();
    for (const label of ['Username', 'Email', 'Name', 'Password']) expect(screen.getByLabelText(label)).toBeTruthy();
    const age = screen.getByLabelText('Age') as HTMLInputElement;
    expect([age.type, age.value, age.min, age.max]).toEqual(['number', '18', '18', '99']);
    expect(screen.getByRole('link', { name: 'Already have an account? Sign in' }).getAttribute('href')).toBe('/signin');
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });

  it('shows and hides the password with a labelled toggle', () => {
    renderScreen(<SignUpPage machine={quietMachine(() => new Promise(() => {}))} />);
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(password.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
    const hide = screen.getByRole('button', { name: 'Hide password' });
    expect(hide.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(hide);
    expect(password.type).toBe('password');
  });

  it('shows the rule messages under the fields on submit', () => {
    renderScreen(<SignUpPage machine={quietMachine(() => new Promise(() => {}))} />);
    type('Username', 'ab');
    type('Email', 'nope');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    const username = screen.getByLabelText('Username');
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(username.getAttribute('aria-describedby')!)?.textContent).toBe(Messages.username);
    expect(screen.getByText(Messages.email)).toBeTruthy();
    expect(screen.getByText(Messages.name)).toBeTruthy();
    expect(screen.getByText(Messages.password)).toBeTruthy();
  });

  it('reads Creating Account... and disables the button while pending, then goes to onboarding', async () => {
    let finish: (value: { user: SessionUser }) => void = () => {};
    renderScreen(<SignUpPage machine={quietMachine(() => new Promise((resolve) => (finish = resolve)))} />, { path: '/signup' });
    type('Username', 'luna');
    type('Email', 'luna@example.com');
    type('Name', 'Luna');
    type('Password', 'moonlight');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    const pending = screen.getByRole('button', { name: 'Creating Account...' }) as HTMLButtonElement;
    expect(pending.disabled).toBe(true);
    await act(async () => finish({ user: { id: 1, username: 'luna', email: 'luna@example.test', name: 'Luna', age: 30, createdAt: '2026-11-01T21:00:00.000Z' } }));
    const dialog = screen.getByRole('dialog', { name: 'Enable Location' });
    expect(dialog.textContent).toContain('You can enable location later in Settings');
    expect(screen.getByTestId('location').textContent).toBe('/signup');
    fireEvent.click(screen.getByRole('button', { name: 'Skip for Now' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/onboarding'));
  });
});
