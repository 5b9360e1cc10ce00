import { createActor, fromPromise, waitFor } from 'xstate';
import { Messages } from '@nocturne/contracts';
import type { SessionUser } from '../../api/auth';
import { HttpError } from '../../api/http';
import { answerLocationDialog, fakeLocationDialog } from '../../testing/fakeLocation';
import { signInMachine, whereAfterSignIn, type AfterSignIn } from './signInMachine';

const user: SessionUser = { id: 9, username: 'orion', email: 'orion@example.test', name: 'Orion', age: 30, createdAt: '2026-11-01T21:00:00.000Z' };

function start(signIn: () => Promise<{ user: SessionUser }>, locationOptions: Parameters<typeof fakeLocationDialog>[0] = {}, next: AfterSignIn = 'askLocation') {
  const storeUser = jest.fn();
  const notify = jest.fn();
  const navigate = jest.fn();
  const syncTimeZone = jest.fn();
  const location = fakeLocationDialog(locationOptions);
  const actor = createActor(
    signInMachine.provide({
      actors: { signIn: fromPromise(signIn), locationDialog: location.machine, whereNext: fromPromise(async () => next) },
      actions: { storeUser, notify, navigate, syncTimeZone },
    }),
  ).start();
  const fill = (username: string, password: string) => {
    actor.send({ type: 'CHANGE', field: 'username', value: username });
    actor.send({ type: 'CHANGE', field: 'password', value: password });
  };
  return { actor, storeUser, notify, navigate, syncTimeZone, location, fill };
}

describe('signInMachine', () => {
  it('goes to onboarding, without the location dialog, while onboarding is not complete', async () => {
    const { actor, fill, navigate } = start(async () => ({ user }), {}, 'onboarding');
    fill('orion', 'starlight');
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(navigate).toHaveBeenCalledWith(expect.anything(), { to: '/onboarding' });
    expect(actor.getSnapshot().children.locationDialog).toBeUndefined();
  });

  it('goes straight to the feed when the account has a position and the browser granted location', async () => {
    const { actor, fill, navigate } = start(async () => ({ user }), {}, 'feed');
    fill('orion', 'starlight');
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(navigate).toHaveBeenCalledWith(expect.anything(), { to: '/feed' });
  });

  it('welcomes the user back, stores them and goes to the feed', async () => {
    const { actor, fill, storeUser, notify, navigate } = start(async () => ({ user }));
    fill('orion', 'starlight');
    actor.send({ type: 'SUBMIT' });
    // The input rules are fetched on the first submit (the screen draws without them).
    expect(actor.getSnapshot().value).toBe('validating');
    await waitFor(actor, (s) => s.matches('pending'));
    await answerLocationDialog(actor);
    await waitFor(actor, (s) => s.status === 'done');

    expect(storeUser).toHaveBeenCalledWith(expect.anything(), { user });
    expect(notify).toHaveBeenCalledWith(expect.anything(), { title: 'Welcome back!', description: "You're signed in successfully." });
    expect(navigate).toHaveBeenCalledWith(expect.anything(), { to: '/feed' });
  });

  it('asks for the username and the password before calling the server', async () => {
    const signIn = jest.fn(async () => ({ user }));
    const { actor } = start(signIn);
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('form'));
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ username: 'Username is required', password: 'Password is required' });
    expect(signIn).not.toHaveBeenCalled();
  });

  it("fails with the server's error text", async () => {
    const { actor, fill, notify, navigate } = start(async () => {
      throw new HttpError(401, JSON.stringify({ error: Messages.invalidCredentials }), 'Unauthorized');
    });
    fill('orion', 'wrong');
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('failure'));
    expect(notify).toHaveBeenCalledWith(expect.anything(), { title: 'Sign in failed', description: Messages.invalidCredentials, variant: 'destructive' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('falls back to the invalid-credentials text when the server sent none', async () => {
    const { actor, fill, notify } = start(async () => {
      throw new HttpError(401, '', 'Unauthorized');
    });
    fill('orion', 'wrong');
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('failure'));
    expect(notify.mock.calls[0]![1].description).toBe('Invalid credentials. Please try again.');
  });

  it('can submit again straight from the failure state', async () => {
    let attempts = 0;
    const { actor, fill } = start(async () => {
      attempts += 1;
      if (attempts === 1) throw new HttpError(429, JSON.stringify({ error: Messages.tooManyRequests }), 'Too Many Requests');
      return { user };
    });
    fill('orion', 'starlight');
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('failure'));
    actor.send({ type: 'SUBMIT' });
    await answerLocationDialog(actor);
    await waitFor(actor, (s) => s.status === 'done');
    expect(attempts).toBe(2);
  });
});

describe('signInMachine location dialog', () => {
  it('opens the dialog after signing in and only then goes to the feed', async () => {
    const { actor, fill, navigate, syncTimeZone } = start(async () => ({ user }));
    fill('orion', 'starlight');
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('locationDialog'));
    expect(navigate).not.toHaveBeenCalled();
    expect(syncTimeZone).toHaveBeenCalledTimes(1);
    actor.getSnapshot().children.locationDialog!.send({ type: 'SKIP' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(navigate).toHaveBeenCalledWith(expect.anything(), { to: '/feed' });
  });

  it('sends the granted position with the stored user id, then goes to the feed', async () => {
    const position = { latitude: 48.8566, longitude: 2.3522 };
    const { actor, fill, navigate, location } = start(async () => ({ user }), { lookUp: async () => position });
    fill('orion', 'starlight');
    actor.send({ type: 'SUBMIT' });
    await answerLocationDialog(actor, 'ENABLE');
    await waitFor(actor, (s) => s.status === 'done');
    expect(location.saveLocation).toHaveBeenCalledWith({ position, userId: user.id });
    expect(location.notify).toHaveBeenCalledWith(expect.anything(), { title: 'Location Enabled', description: "You'll now see distances to nearby users" });
    expect(navigate).toHaveBeenCalledWith(expect.anything(), { to: '/feed' });
  });
});

describe('whereAfterSignIn', () => {
  const onboarded: SessionUser = { ...user, onboardingCompleted: true, latitude: 52.52, longitude: 13.4 };
  it('asks for location only when the account has no position or the browser has not granted it', async () => {
    expect(await whereAfterSignIn(async () => onboarded, async () => 'granted')).toBe('feed');
    expect(await whereAfterSignIn(async () => onboarded, async () => 'prompt')).toBe('askLocation');
    expect(await whereAfterSignIn(async () => onboarded, async () => 'unknown')).toBe('askLocation');
    expect(await whereAfterSignIn(async () => ({ ...onboarded, latitude: null, longitude: null }), async () => 'granted')).toBe('askLocation');
  });

  it('leads to onboarding until it is complete, and asks as the spec says when the account cannot be read', async () => {
    expect(await whereAfterSignIn(async () => ({ ...onboarded, onboardingCompleted: false }), async () => 'granted')).toBe('onboarding');
    expect(await whereAfterSignIn(async () => Promise.reject(new Error('offline')), async () => 'granted')).toBe('askLocation');
  });
});
