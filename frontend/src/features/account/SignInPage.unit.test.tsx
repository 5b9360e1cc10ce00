import { fireEvent, screen } from '@testing-library/react';
import { fromPromise } from 'xstate';
import type { SessionUser } from '../../api/auth';
import { renderScreen } from '../../testing/renderScreen';
import { SignInPage } from './SignInPage';
import { signInMachine } from './signInMachine';

const neverAnswering = signInMachine.provide({ actors: { signIn: fromPromise(() => new Promise<{ user: SessionUser }>(() => {})) }, actions: { notify: jest.fn() } });

describe('SignInPage', () => {
  it('has its heading, labelled fields and links', () => {
    renderScreen(<SignInPage machine={neverAnswering} />);
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(screen.getByText('Continue your night journey')).toBeTruthy();
    expect(screen.getByLabelText('Username')).toBeTruthy();
    expect((screen.getByLabelText('Password') as HTMLInputElement).type).toBe('password');
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: "Don't have an account? Sign up" }).getAttribute('href')).toBe('/signup');
  });

  it('says which field is missing', async () => {
    renderScreen(<SignInPage machine={neverAnswering} />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
  });

  it('reads Signing In... while the server answers', async () => {
    renderScreen(<SignInPage machine={neverAnswering} />);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'orion' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'starlight' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(((await screen.findByRole('button', { name: 'Signing In...' })) as HTMLButtonElement).disabled).toBe(true);
  });
});
