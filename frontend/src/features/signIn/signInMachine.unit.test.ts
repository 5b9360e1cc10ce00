import { createActor, fromPromise, waitFor } from 'xstate';
import { Messages } from '@nocturne/contracts';
import type { AccountUser } from '../../api/auth';
import { HttpError } from '../../api/http';
import { signInMachine } from './signInMachine';

const user: AccountUser = { id: 9, username: 'orion', name: 'Orion' };

function start(signIn: () => Promise<{ user: AccountUser }>) {
  const storeUser = jest.fn();
  const notify = jest.fn();
  const navigate = jest.fn();
  const actor = createActor(
    signInMachine.provide({ actors: { signIn: fromPromise(signIn) }, actions: { storeUser, notify, navigate } }),
  ).start();
  const fill = (username: string, password: string) => {
    actor.send({ type: 'CHANGE', field: 'username', value: username });
    actor.send({ type: 'CHANGE', field: 'password', value: password });
  };
  return { actor, storeUser, notify, navigate, fill };
}

describe('signInMachine', () => {
  it('welcomes the user back, stores them and goes to the feed', async () => {
    const { actor, fill, storeUser, notify, navigate } = start(async () => ({ user }));
    fill('orion', 'starlight');
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('pending');
    await waitFor(actor, (s) => s.status === 'done');

    expect(storeUser).toHaveBeenCalledWith(expect.anything(), { user });
    expect(notify).toHaveBeenCalledWith(expect.anything(), { title: 'Welcome back!', description: "You're signed in successfully." });
    expect(navigate).toHaveBeenCalledWith(expect.anything(), { to: '/feed' });
  });

  it('asks for the username and the password before calling the server', () => {
    const signIn = jest.fn(async () => ({ user }));
    const { actor } = start(signIn);
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('form');
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
    await waitFor(actor, (s) => s.status === 'done');
    expect(attempts).toBe(2);
  });
});
