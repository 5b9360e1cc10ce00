import { createActor, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import type { locationDialogMachine } from '../location/locationDialogMachine';
import { Messages, type SignUpInput } from '@nocturne/contracts';
import type { SessionUser } from '../../api/auth';
import { HttpError } from '../../api/http';
import { answerLocationDialog, fakeLocationDialog } from '../../testing/fakeLocation';
import { signUpMachine, type SignUpField } from './signUpMachine';

const user: SessionUser = { id: 42, username: 'luna', email: 'luna@example.test', name: 'Luna', age: 30, createdAt: '2026-11-01T21:00:00.000Z' };
const validForm: Record<SignUpField, string> = { username: 'luna', email: 'luna@example.com', name: 'Luna', age: '27', password: 'moonlight' };

function start(signUp: (args: { input: SignUpInput }) => Promise<{ user: SessionUser }>, locationOptions: Parameters<typeof fakeLocationDialog>[0] = {}) {
  const storeUser = jest.fn();
  const notify = jest.fn();
  const navigate = jest.fn();
  const location = fakeLocationDialog(locationOptions);
  const actor = createActor(
    signUpMachine.provide({
      actors: { signUp: fromPromise(signUp), locationDialog: location.machine },
      actions: { storeUser, notify, navigate },
    }),
  ).start();
  const fill = (values: Partial<Record<SignUpField, string>>) => {
    for (const [field, value] of Object.entries(values)) actor.send({ type: 'CHANGE', field: field as SignUpField, value });
  };
  return { actor, storeUser, notify, navigate, location, fill };
}

describe('signUpMachine', () => {
  it('starts on the form with age 18', () => {
    const { actor } = start(() => new Promise(() => {}));
    expect(actor.getSnapshot().value).toBe('form');
    expect(actor.getSnapshot().context.values.age).toBe('18');
  });

  it('stores the user, says the account was created and goes on to onboarding', async () => {
    const signUp = jest.fn(async () => ({ user }));
    const { actor, fill, storeUser, notify, navigate } = start(signUp);
    fill(validForm);
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('pending');

    await answerLocationDialog(actor);
    await waitFor(actor, (s) => s.status === 'done');
    expect(signUp).toHaveBeenCalledTimes(1);
    expect(storeUser).toHaveBeenCalledWith(expect.anything(), { user });
    expect(notify).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ title: 'Account created!' }));
    expect(notify.mock.calls[0]![1].description).toMatch(/profile/);
    expect(navigate).toHaveBeenCalledWith(expect.anything(), { to: '/onboarding' });
  });

  it('sends the age as a whole number', async () => {
    let received: SignUpInput | undefined;
    const { actor, fill } = start(async ({ input }) => {
      received = input;
      return { user };
    });
    fill(validForm);
    actor.send({ type: 'SUBMIT' });
    await answerLocationDialog(actor);
    await waitFor(actor, (s) => s.status === 'done');
    expect(received).toEqual({ username: 'luna', email: 'luna@example.com', name: 'Luna', age: 27, password: 'moonlight' });
  });

  it('stays on the form and shows every field message when the input breaks the rules', () => {
    const signUp = jest.fn(async () => ({ user }));
    const { actor, fill } = start(signUp);
    fill({ username: 'lu', email: 'not-an-email', name: 'L', age: '17', password: '123' });
    actor.send({ type: 'SUBMIT' });

    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('form');
    expect(signUp).not.toHaveBeenCalled();
    expect(snapshot.context.fieldErrors).toEqual({
      username: Messages.username,
      email: Messages.email,
      name: Messages.name,
      age: Messages.age,
      password: Messages.password,
    });
  });

  it('clears a message as soon as the field is fixed after a submit', () => {
    const { actor, fill } = start(() => new Promise(() => {}));
    fill({ ...validForm, username: 'lu' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.fieldErrors.username).toBe(Messages.username);
    fill({ username: 'luna' });
    expect(actor.getSnapshot().context.fieldErrors.username).toBeUndefined();
  });

  it('fails with the server text and shows it under the field the server names', async () => {
    const body = JSON.stringify({ error: Messages.usernameTaken, field: 'username' });
    const { actor, fill, notify, storeUser, navigate } = start(async () => {
      throw new HttpError(409, body, 'Conflict');
    });
    fill(validForm);
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('failure'));

    expect(notify).toHaveBeenCalledWith(expect.anything(), { title: 'Sign up failed', description: Messages.usernameTaken, variant: 'destructive' });
    expect(actor.getSnapshot().context.fieldErrors.username).toBe(Messages.usernameTaken);
    expect(storeUser).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it("falls back to 'Signup failed' when the server refuses without a message", async () => {
    const { actor, fill, notify } = start(async () => {
      throw new HttpError(500, '', 'Internal Server Error');
    });
    fill(validForm);
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('failure'));
    expect(notify.mock.calls[0]![1]).toEqual({ title: 'Sign up failed', description: 'Signup failed', variant: 'destructive' });
  });

  it('says something went wrong when the server cannot be reached', async () => {
    const { actor, fill, notify } = start(async () => {
      throw new TypeError('Failed to fetch');
    });
    fill(validForm);
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('failure'));
    expect(notify.mock.calls[0]![1].description).toBe('Something went wrong. Please try again.');
  });

  it('goes back to the form on the next edit and can submit again', async () => {
    let attempts = 0;
    const { actor, fill } = start(async () => {
      attempts += 1;
      if (attempts === 1) throw new HttpError(409, JSON.stringify({ error: Messages.emailTaken, field: 'email' }), 'Conflict');
      return { user };
    });
    fill(validForm);
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('failure'));
    fill({ email: 'other@example.com' });
    expect(actor.getSnapshot().value).toBe('form');
    actor.send({ type: 'SUBMIT' });
    await answerLocationDialog(actor);
    await waitFor(actor, (s) => s.status === 'done');
    expect(attempts).toBe(2);
  });
});

describe('signUpMachine location dialog', () => {
  it('keeps the dialog open when the device refuses, and goes to onboarding once skipped', async () => {
    const { LocationLookupError } = await import('../location/geolocation');
    const { actor, fill, navigate, location } = start(async () => ({ user }), {
      lookUp: async () => {
        throw new LocationLookupError('Location access denied by user');
      },
    });
    fill(validForm);
    actor.send({ type: 'SUBMIT' });
    await answerLocationDialog(actor, 'ENABLE');
    const dialog = () => actor.getSnapshot().children.locationDialog as ActorRefFrom<typeof locationDialogMachine>;
    await waitFor(dialog(), (s) => s.matches('idle'));
    expect(location.notify).toHaveBeenCalledWith(expect.anything(), {
      title: 'Location Access Denied',
      description: 'Location access denied by user',
      variant: 'destructive',
    });
    expect(actor.getSnapshot().value).toBe('locationDialog');
    expect(navigate).not.toHaveBeenCalled();
    dialog().send({ type: 'SKIP' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(navigate).toHaveBeenCalledWith(expect.anything(), { to: '/onboarding' });
  });
});
