import { useState } from 'react';
import { emailSchema } from '@nocturne/contracts';
import styled from 'styled-components';
import { requestPasswordReset } from '../../api/auth';
import { serverError } from '../../api/http';
import { AccountLayout, Form } from './AccountLayout';
import { Button, ButtonLink, TextLink } from '../../components/Button';
import { KeyIcon, MailIcon } from '../../components/icons';
import { TextField } from '../../components/TextField';
import { toast } from '../../toast/toastStore';

type Phase = 'form' | 'pending' | 'sent';

export const describeResetRequestFailure = (error: unknown) => serverError(error)?.message ?? 'Failed to send reset email';

export function ForgotPasswordPage({ sendResetEmail = requestPasswordReset }: { sendResetEmail?: (email: string) => Promise<unknown> }) {
  const [phase, setPhase] = useState<Phase>('form');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();

  const submit = async () => {
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setPhase('pending');
    try {
      await sendResetEmail(parsed.data);
      toast({ title: 'Reset Email Sent', description: 'Check your email for password reset instructions' });
      setPhase('sent');
    } catch (failure) {
      toast({ title: 'Error', description: describeResetRequestFailure(failure), variant: 'destructive' });
      setPhase('form');
    }
  };

  const footer = <TextLink to="/signin">Remember your password? Sign in</TextLink>;

  if (phase === 'sent') {
    return (
      <AccountLayout backTo="/signin" backLabel="Back to sign in" icon={<MailIcon />} title="Check Your Email" footer={footer}>
        <Note>
          If an account uses <strong>{email.trim()}</strong>, a reset link is on its way. It works once and expires in 30
          minutes.
        </Note>
        <Stack>
          <ButtonLink to="/signin" $block>
            Back to Sign In
          </ButtonLink>
          <Button $variant="secondary" $block onClick={() => setPhase('form')}>
            Try Different Email
          </Button>
        </Stack>
      </AccountLayout>
    );
  }

  const pending = phase === 'pending';
  return (
    <AccountLayout
      backTo="/signin"
      backLabel="Back to sign in"
      icon={<KeyIcon />}
      title="Forgot Password?"
      subtitle="Enter your email and we'll send you reset instructions"
      footer={footer}
    >
      <Form
        noValidate
        aria-label="Request a password reset"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          value={email}
          error={error}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(undefined);
          }}
        />
        <Button type="submit" $block disabled={pending} aria-busy={pending}>
          {pending ? 'Sending...' : 'Send Reset Instructions'}
        </Button>
      </Form>
    </AccountLayout>
  );
}

const Note = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  text-align: center;
  overflow-wrap: anywhere;

  strong {
    color: ${({ theme }) => theme.color.text};
    font-weight: 600;
  }
`;

const Stack = styled.div`
  display: grid;
  gap: 12px;
`;
