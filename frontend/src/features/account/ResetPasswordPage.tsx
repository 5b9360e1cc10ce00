import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { passwordSchema } from '@nocturne/contracts';
import styled from 'styled-components';
import { resetPassword } from '../../api/auth';
import { serverError } from '../../api/http';
import { AccountLayout, Form } from './AccountLayout';
import { Button, ButtonLink, TextLink } from '../../components/Button';
import { KeyIcon, SparkIcon } from '../../components/icons';
import { PasswordField } from '../../components/TextField';

type Phase = 'form' | 'pending' | 'done';
type Field = 'password' | 'confirmation';

export const PASSWORDS_DIFFER = 'Passwords do not match';

export function validateNewPassword(password: string, confirmation: string): Partial<Record<Field, string>> {
  const parsed = passwordSchema.safeParse(password);
  if (!parsed.success) return { password: parsed.error.issues[0]?.message };
  return password === confirmation ? {} : { confirmation: PASSWORDS_DIFFER };
}

export const describeResetFailure = (error: unknown) => serverError(error)?.message ?? 'Failed to reset password. Please try again.';

export function ResetPasswordPage({ submitReset = resetPassword }: { submitReset?: (token: string, password: string) => Promise<unknown> }) {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [phase, setPhase] = useState<Phase>('form');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string>();

  const backToSignIn = <TextLink to="/signin">Remember your password? Sign in</TextLink>;

  if (!token) {
    return (
      <AccountLayout backTo="/signin" backLabel="Back to sign in" icon={<KeyIcon />} title="Invalid Reset Link" footer={backToSignIn}>
        <Note>This password reset link is invalid or incomplete. Request a new one and use the link from the latest email.</Note>
        <ButtonLink to="/forgot-password" $block>
          Request a New Link
        </ButtonLink>
      </AccountLayout>
    );
  }

  if (phase === 'done') {
    return (
      <AccountLayout backTo="/signin" backLabel="Back to sign in" icon={<SparkIcon />} title="Password Updated">
        <Note>Your new password is set, and every other session has been signed out. Sign in to continue your night journey.</Note>
        <ButtonLink to="/signin" $block>
          Back to Sign In
        </ButtonLink>
      </AccountLayout>
    );
  }

  const submit = async () => {
    const found = validateNewPassword(password, confirmation);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFailure(undefined);
    setPhase('pending');
    try {
      await submitReset(token, password);
      setPhase('done');
    } catch (error) {
      // A refused password (one of the common breached ones, say) belongs under its field: the link still works.
      const refused = serverError(error);
      if (refused?.field === 'password') setErrors({ password: refused.message });
      else setFailure(describeResetFailure(error));
      setPhase('form');
    }
  };

  const pending = phase === 'pending';
  return (
    <AccountLayout
      backTo="/signin"
      backLabel="Back to sign in"
      icon={<KeyIcon />}
      title="Set a New Password"
      subtitle="Choose a new password for your account"
      footer={backToSignIn}
    >
      {failure && (
        <Alert role="alert">
          <p>{failure}</p>
          <TextLink to="/forgot-password">Request a new link</TextLink>
        </Alert>
      )}
      <Form
        noValidate
        aria-label="Set a new password"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <PasswordField
          label="New password"
          name="password"
          autoComplete="new-password"
          value={password}
          error={errors.password}
          onChange={(event) => {
            setPassword(event.target.value);
            setErrors({});
          }}
        />
        <PasswordField
          label="Confirm new password"
          name="confirmation"
          autoComplete="new-password"
          value={confirmation}
          error={errors.confirmation}
          onChange={(event) => {
            setConfirmation(event.target.value);
            setErrors({});
          }}
        />
        <Button type="submit" $block disabled={pending} aria-busy={pending}>
          {pending ? 'Saving...' : 'Save New Password'}
        </Button>
      </Form>
    </AccountLayout>
  );
}

const Note = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  text-align: center;
`;

const Alert = styled.div`
  display: grid;
  gap: 6px;
  padding: 14px 16px;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.alpha('danger', 0.45)};
  background: ${({ theme }) => theme.alpha('dangerRed', 0.35)};
  color: ${({ theme }) => theme.color.text};
  font-size: 0.9375rem;
`;
