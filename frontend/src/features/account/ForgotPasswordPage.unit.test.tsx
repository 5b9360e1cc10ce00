import { act, fireEvent, screen } from '@testing-library/react';
import { renderScreen } from '../../testing/renderScreen';
import { HttpError } from '../../api/http';
import { toastStore } from '../../toast/toastStore';
import { ForgotPasswordPage } from './ForgotPasswordPage';

const submitEmail = (email: string) => {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Send Reset Instructions' }));
};

describe('ForgotPasswordPage', () => {
  afterEach(() => act(() => toastStore.dismiss()));

  it('asks for a valid address in an email field', () => {
    const send = jest.fn(async () => ({}));
    renderScreen(<ForgotPasswordPage sendResetEmail={send} />);
    expect((screen.getByLabelText('Email') as HTMLInputElement).type).toBe('email');
    submitEmail('not-an-address');
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });

  it('confirms the email was sent and can go back to the form', async () => {
    let answer: () => void = () => {};
    renderScreen(<ForgotPasswordPage sendResetEmail={() => new Promise<void>((resolve) => (answer = resolve))} />);
    submitEmail('luna@example.com');
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeTruthy();
    await act(async () => answer());

    expect(screen.getByRole('heading', { name: 'Check Your Email' })).toBeTruthy();
    expect(toastStore.getSnapshot()[0]).toMatchObject({ title: 'Reset Email Sent', description: 'Check your email for password reset instructions' });
    expect(screen.getByRole('link', { name: 'Back to Sign In' }).getAttribute('href')).toBe('/signin');
    fireEvent.click(screen.getByRole('button', { name: 'Try Different Email' }));
    expect(screen.getByRole('button', { name: 'Send Reset Instructions' })).toBeTruthy();
  });

  it("shows the server's message, or the fallback, when sending fails", async () => {
    const failures = [new HttpError(429, JSON.stringify({ error: 'Too many attempts. Please try again later.' }), ''), new TypeError('Failed to fetch')];
    renderScreen(
      <ForgotPasswordPage
        sendResetEmail={async () => {
          throw failures.shift();
        }}
      />,
    );
    await act(async () => submitEmail('luna@example.com'));
    expect(toastStore.getSnapshot()[0]).toMatchObject({ title: 'Error', description: 'Too many attempts. Please try again later.', variant: 'destructive' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send Reset Instructions' })));
    expect(toastStore.getSnapshot()[0]).toMatchObject({ title: 'Error', description: 'Failed to send reset email' });
  });
});
