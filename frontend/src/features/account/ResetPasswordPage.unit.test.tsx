import { act, fireEvent, screen } from '@testing-library/react';
import { Messages } from '@nocturne/contracts';
import { renderScreen } from '../../testing/renderScreen';
import { HttpError } from '../../api/http';
import { ResetPasswordPage } from './ResetPasswordPage';

const fillAndSubmit = (password: string, confirmation: string) => {
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: confirmation } });
  fireEvent.click(screen.getByRole('button', { name: 'Save New Password' }));
};

describe('ResetPasswordPage', () => {
  it('says the link is invalid and offers a new one when the token is missing', () => {
    renderScreen(<ResetPasswordPage submitReset={jest.fn()} />, { path: '/reset-password' });
    expect(screen.getByRole('heading', { name: 'Invalid Reset Link' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a New Link' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('checks the password rule and that both entries match', () => {
    const submit = jest.fn(async () => ({}));
    renderScreen(<ResetPasswordPage submitReset={submit} />, { path: '/reset-password?token=abc' });
    fillAndSubmit('short', 'short');
    expect(screen.getByText(Messages.password)).toBeTruthy();
    fillAndSubmit('newmoon1', 'newmoon2');
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();
  });

  it('sends the token with the new password and then offers sign-in', async () => {
    const submit = jest.fn(async () => ({ ok: true }));
    renderScreen(<ResetPasswordPage submitReset={submit} />, { path: '/reset-password?token=abc' });
    await act(async () => fillAndSubmit('newmoon1', 'newmoon1'));
    expect(submit).toHaveBeenCalledWith('abc', 'newmoon1');
    expect(screen.getByRole('heading', { name: 'Password Updated' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Sign In' }).getAttribute('href')).toBe('/signin');
  });

  it("shows the server's message for an expired token", async () => {
    const submit = jest.fn(async () => {
      throw new HttpError(400, JSON.stringify({ error: Messages.resetTokenInvalid, field: 'token' }), 'Bad Request');
    });
    renderScreen(<ResetPasswordPage submitReset={submit} />, { path: '/reset-password?token=old' });
    await act(async () => fillAndSubmit('newmoon1', 'newmoon1'));
    expect(screen.getByRole('alert').textContent).toContain(Messages.resetTokenInvalid);
  });

  it('shows a refused password under its field, without calling the link broken', async () => {
    const submit = jest.fn(async () => {
      throw new HttpError(400, JSON.stringify({ error: Messages.passwordTooCommon, field: 'password' }), 'Bad Request');
    });
    renderScreen(<ResetPasswordPage submitReset={submit} />, { path: '/reset-password?token=abc' });
    await act(async () => fillAndSubmit('sunshine', 'sunshine'));
    expect(screen.getByText(Messages.passwordTooCommon)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Request a new link' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Save New Password' })).toBeTruthy();
  });
});
