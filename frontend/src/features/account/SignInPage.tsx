import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMachine } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { AccountLayout, Form, InlineRow } from './AccountLayout';
import { Button, TextLink } from '../../components/Button';
import { MoonIcon } from '../../components/icons';
import { PasswordField, TextField } from '../../components/TextField';
import { LocationDialog } from '../location/LocationDialog';
import type { locationDialogMachine } from '../location/locationDialogMachine';
import { signInMachine, type SignInField } from './signInMachine';

export function SignInPage({ machine = signInMachine }: { machine?: typeof signInMachine }) {
  const navigate = useNavigate();
  const [withRouter] = useState(() => machine.provide({ actions: { navigate: (_, { to }) => void navigate(to) } }));
  const [state, send] = useMachine(withRouter);
  const { values, fieldErrors } = state.context;
  const pending = state.matches('pending');
  const locationActor = state.children.locationDialog as ActorRefFrom<typeof locationDialogMachine> | undefined;

  const field = (name: SignInField) => ({
    name,
    value: values[name],
    error: fieldErrors[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => send({ type: 'CHANGE', field: name, value: event.target.value }),
  });

  return (
    <AccountLayout
      backTo="/"
      backLabel="Back to home"
      icon={<MoonIcon />}
      title="Welcome Back"
      subtitle="Continue your night journey"
      footer={<TextLink to="/signup">Don't have an account? Sign up</TextLink>}
    >
      <Form
        noValidate
        aria-label="Sign in"
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'SUBMIT' });
        }}
      >
        <TextField label="Username" autoComplete="username" autoCapitalize="none" spellCheck={false} {...field('username')} />
        <PasswordField label="Password" autoComplete="current-password" {...field('password')} />
        <InlineRow>
          <TextLink to="/forgot-password">Forgot your password?</TextLink>
        </InlineRow>
        <Button type="submit" $block disabled={pending} aria-busy={pending}>
          {pending ? 'Signing In...' : 'Sign In'}
        </Button>
      </Form>
      {locationActor && <LocationDialog actor={locationActor} />}
    </AccountLayout>
  );
}
