import { createActor, fromPromise, waitFor } from 'xstate';
import { HttpError } from '../../api/http';
import type { Verification } from '../../api/verification';
import { verificationMachine } from './verificationMachine';

const none: Verification = { status: 'none', gesture: null };
const asked: Verification = { status: 'awaiting-selfie', gesture: 'Thumbs up' };
const pending: Verification = { status: 'pending', gesture: 'Thumbs up' };

function run(overrides: { start?: () => Promise<Verification>; upload?: () => Promise<Verification> } = {}) {
  const uploads: Blob[] = [];
  const machine = verificationMachine.provide({
    actors: {
      fetchVerification: fromPromise(async () => none),
      startVerification: fromPromise(overrides.start ?? (async () => asked)),
      uploadSelfie: fromPromise(async ({ input }: { input: { selfie: Blob } }) => {
        uploads.push(input.selfie);
        return (overrides.upload ?? (async () => pending))();
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, uploads };
}

describe('verificationMachine', () => {
  it('asks, opens the camera with the gesture, and sends the still taken once the person chose to', async () => {
    const { actor, uploads } = run();
    await waitFor(actor, (state) => state.matches('idle'));
    actor.send({ type: 'START' });
    await waitFor(actor, (state) => state.matches('camera'));
    expect(actor.getSnapshot().context.verification).toEqual(asked);
    const first = new Blob(['first']);
    const second = new Blob(['second']);
    actor.send({ type: 'CAPTURED', selfie: first });
    actor.send({ type: 'RETAKE' });
    actor.send({ type: 'CAPTURED', selfie: second });
    actor.send({ type: 'SEND' });
    await waitFor(actor, (state) => state.matches('idle'));
    expect(uploads).toEqual([second]);
    expect(actor.getSnapshot().context).toMatchObject({ verification: pending, selfie: undefined });
  });

  it("keeps the still and says the server's reason when sending fails", async () => {
    const { actor } = run({ upload: () => Promise.reject(new HttpError(413, JSON.stringify({ error: 'The selfie must be at most 5 MB', field: 'selfie' }), 'Payload Too Large')) });
    await waitFor(actor, (state) => state.matches('idle'));
    actor.send({ type: 'START' });
    await waitFor(actor, (state) => state.matches('camera'));
    actor.send({ type: 'CAPTURED', selfie: new Blob(['x']) });
    actor.send({ type: 'SEND' });
    await waitFor(actor, (state) => state.matches('captured') && state.context.problem !== undefined);
    expect(actor.getSnapshot().context.problem).toBe('The selfie must be at most 5 MB');
  });

  it('stays on the panel with the reason when asking is refused (no photo yet)', async () => {
    const { actor } = run({ start: () => Promise.reject(new HttpError(400, JSON.stringify({ error: 'Add a photo of yourself first', field: 'photos' }), 'Bad Request')) });
    await waitFor(actor, (state) => state.matches('idle'));
    actor.send({ type: 'START' });
    await waitFor(actor, (state) => state.matches('idle') && state.context.problem !== undefined);
    expect(actor.getSnapshot().context.problem).toBe('Add a photo of yourself first');
  });
});
