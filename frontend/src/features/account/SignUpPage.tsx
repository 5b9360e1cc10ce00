import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMachine } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Limits } from '@nocturne/contracts/limits';
import { AccountLayout, Form } from './AccountLayout';
import { JourneySteps } from '../../components/JourneySteps';
import { Button, TextLink } from '../../components/Button';
import { SparkIcon } from '../../components/icons';
import { PRODUCT_NAME } from '../../brand';
import { PasswordField, TextField } from '../../components/TextField';
import { LocationDialog } from '../location/LocationDialog';
import type { locationDialogMachine } from '../location/locationDialogMachine';
import { SignedInNotice } from './SignedInNotice';
import { signUpMachine, type SignUpField } from './signUpMachine';

export function SignUpPage({ machine = signUpMachine }: { machine?: typeof signUpMachine }) {
  const navigate = useNavigate();
  const [withRouter] = useState(() => machine.provide({ actions: { navigate: (_, { to }) => void navigate(to) } }));
  const [state, send] = useMachine(withRouter);
  const { values, fieldErrors } = state.context;
  const pending = state.matches('pending');
  const locationActor = state.children.locationDialog as ActorRefFrom<typeof locationDialogMachine> | undefined;

  const field = (name: SignUpField) => ({
    name,
    value: values[name],
    error: fieldErrors[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => send({ type: 'CHANGE', field: name, value: event.target.value }),
  });

  return (
    <AccountLayout
      backTo="/"
      backLabel="Back to home"
      icon={<SparkIcon />}
      title={`Join ${PRODUCT_NAME}`}
      subtitle="Create your night journey account"
      footer={<TextLink to="/signin">Already have an account? Sign in</TextLink>}
    >
      <JourneySteps current={0} />
      <Form
        noValidate
        aria-label="Create your account"
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'SUBMIT' });
        }}
      >
        <TextField label="Username" autoComplete="username" autoCapitalize="none" spellCheck={false} placeholder="midnight_rider" {...field('username')} />
        <TextField label="Email" type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" {...field('email')} />
        <TextField label="Name" autoComplete="given-name" placeholder="Your first name" {...field('name')} />
        <TextField
          label="Age"
          type="number"
          inputMode="numeric"
          min={Limits.ageMin}
          max={Limits.ageMax}
          step={1}
          hint={fieldErrors.age ? undefined : `You must be ${Limits.ageMin} or older`}
          {...field('age')}
        />
        <PasswordField label="Password" autoComplete="new-password" hint={fieldErrors.password ? undefined : `At least ${Limits.passwordMin} characters`} {...field('password')} />
        <Button type="submit" $block disabled={pending} aria-busy={pending}>
          {pending ? 'Creating Account...' : 'Create Account'}
        </Button>
      </Form>
      {locationActor && <LocationDialog actor={locationActor} />}
      {/* Asked once, before an account exists; after a sign-up the new person is the one signed in. */}
      {(state.matches('form') || pending) && <SignedInNotice />}
    </AccountLayout>
  );
}
