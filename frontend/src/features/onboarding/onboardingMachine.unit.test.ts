import { createActor, fromPromise, waitFor } from 'xstate';
import type { SessionUser } from '../../api/auth';
import { HttpError } from '../../api/http';
import type { OnboardingSave, PhotoUploadAnswer, UploadedPhoto } from '../../api/profile';
import { answerLocationDialog, fakeLocationDialog } from '../../testing/fakeLocation';
import { onboardingMachine } from './onboardingMachine';

const photo = (n: number): UploadedPhoto => ({ id: `p${n}`, url: `/api/photos/p${n}/display`, thumbnailUrl: `/api/photos/p${n}/thumb` });
const image = (name = 'night.jpg') => new File(['x'], name, { type: 'image/jpeg' });

interface Fakes {
  userId?: number;
  /** Who the server says is signed in (GET /api/auth/user), when the machine is not told. */
  loadUser?: () => Promise<SessionUser>;
  upload?: (files: File[]) => Promise<PhotoUploadAnswer>;
  save?: (input: { userId: number; save: OnboardingSave }) => Promise<unknown>;
}

function start({ userId = 12, loadUser = async () => ({ id: 31, username: 'nova', email: 'nova@example.test', name: 'Nova', age: 30, createdAt: '2026-11-01T21:00:00.000Z' }), upload, save = async () => ({ user: {} }) }: Fakes = {}) {
  const notify = jest.fn();
  const navigate = jest.fn();
  const forgetUser = jest.fn();
  const syncTimeZone = jest.fn();
  const saveOnboarding = jest.fn(save);
  const uploadPhotos = jest.fn(upload ?? (async (files: File[]) => ({ added: files.map((_, i) => photo(i + 1)), photos: [] })));
  const removePhoto = jest.fn(async (_id: string) => {});
  const loadSignedInUser = jest.fn(loadUser);
  const location = fakeLocationDialog();
  const actor = createActor(
    onboardingMachine.provide({
      actors: {
        uploadPhotos: fromPromise(({ input }) => uploadPhotos(input)),
        removePhoto: fromPromise(({ input }) => removePhoto(input)),
        saveOnboarding: fromPromise(({ input }) => saveOnboarding(input)),
        loadSignedInUser: fromPromise(() => loadSignedInUser()),
        locationDialog: location.machine,
      },
      actions: { notify, navigate, forgetUser, syncTimeZone },
    }),
    { input: { userId: userId === 0 ? undefined : userId } },
  ).start();
  const step = () => actor.getSnapshot().context.step;
  return { actor, notify, navigate, forgetUser, syncTimeZone, saveOnboarding, uploadPhotos, removePhoto, loadSignedInUser, step };
}

describe('onboardingMachine', () => {
  it('takes the person from the session when the browser has nothing stored, and saves for them', async () => {
    localStorage.clear();
    const { actor, loadSignedInUser, saveOnboarding } = start({ userId: 0 });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(loadSignedInUser).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.userId).toBe(31);
    for (let n = 0; n < 5; n += 1) actor.send({ type: 'SKIP' });
    await waitFor(actor, () => saveOnboarding.mock.calls.length === 1);
    expect(saveOnboarding).toHaveBeenCalledWith({ userId: 31, save: expect.objectContaining({ gender: 'Other' }) });
  });

  it('sends a visitor without a session (401) to /signup', async () => {
    const { actor, navigate } = start({ userId: 0, loadUser: () => Promise.reject(new HttpError(401, '{"error":"Not signed in"}', 'Unauthorized')) });
    await waitFor(actor, (s) => s.matches('redirected'));
    expect(navigate).toHaveBeenCalledWith(expect.anything(), { to: '/signup' });
  });

  it('offers to try again when the server cannot say who is signed in, instead of sending the person away', async () => {
    let answer: Promise<SessionUser> = Promise.reject(new HttpError(502, '', 'Bad Gateway'));
    const { actor, navigate } = start({ userId: 0, loadUser: () => answer });
    await waitFor(actor, (s) => s.matches('unavailable'));
    expect(navigate).not.toHaveBeenCalled();
    answer = Promise.resolve({ id: 8, username: 'lyra', email: 'lyra@example.test', name: 'Lyra', age: 30, createdAt: '2026-11-01T21:00:00.000Z' });
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.userId).toBe(8);
  });

  it('starts on step 1 of 5', () => {
    const { actor, step } = start();
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(step()).toBe(1);
  });

  it('keeps Continue closed on each step until it is filled', async () => {
    const { actor, step } = start();
    actor.send({ type: 'CONTINUE' });
    expect(step()).toBe(1);
    actor.send({ type: 'CHOOSE_GENDER', gender: 'Female' });
    actor.send({ type: 'CONTINUE' });
    expect(step()).toBe(2);

    actor.send({ type: 'CONTINUE' });
    expect(step()).toBe(2);
    actor.send({ type: 'ADD_PHOTOS', files: [image()] });
    await waitFor(actor, (s) => s.context.photos.length === 1);
    actor.send({ type: 'CONTINUE' });
    expect(step()).toBe(3);

    actor.send({ type: 'CONTINUE' });
    expect(step()).toBe(3);
    actor.send({ type: 'TOGGLE_KINK', kink: 'Rope Play' });
    actor.send({ type: 'CONTINUE' });
    expect(step()).toBe(4);

    actor.send({ type: 'CONTINUE' });
    expect(step()).toBe(4);
    actor.send({ type: 'TOGGLE_INTEREST', interest: 'Astronomy' });
    actor.send({ type: 'CONTINUE' });
    expect(step()).toBe(5);
  });

  it('goes back from step 2 on, never before step 1', () => {
    const { actor, step } = start();
    actor.send({ type: 'BACK' });
    expect(step()).toBe(1);
    actor.send({ type: 'SKIP' });
    actor.send({ type: 'SKIP' });
    expect(step()).toBe(3);
    actor.send({ type: 'BACK' });
    expect(step()).toBe(2);
  });

  it('unselects a kink or interest chosen twice', () => {
    const { actor } = start();
    actor.send({ type: 'TOGGLE_KINK', kink: 'Praise' });
    actor.send({ type: 'TOGGLE_KINK', kink: 'Brat' });
    actor.send({ type: 'TOGGLE_KINK', kink: 'Praise' });
    expect(actor.getSnapshot().context.kinks).toEqual(['Brat']);
  });

  it('keeps the bio within 500 characters', () => {
    const { actor } = start();
    actor.send({ type: 'CHANGE_BIO', bio: 'a'.repeat(640) });
    expect(actor.getSnapshot().context.bio).toHaveLength(500);
  });

  it('uploads image files only, at most up to 6 photos', async () => {
    const { actor, uploadPhotos, notify } = start();
    actor.send({ type: 'ADD_PHOTOS', files: [image('a.jpg'), new File(['x'], 'notes.txt', { type: 'text/plain' }), image('b.png')] });
    expect(actor.getSnapshot().matches({ editing: { photos: 'uploading' } })).toBe(true);
    await waitFor(actor, (s) => s.matches({ editing: { photos: 'idle' } }));
    expect(uploadPhotos.mock.calls[0]![0].map((f) => f.name)).toEqual(['a.jpg', 'b.png']);
    expect(notify).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ title: 'Upload failed' }));

    actor.send({ type: 'ADD_PHOTOS', files: Array.from({ length: 7 }, (_, i) => image(`${i}.jpg`)) });
    await waitFor(actor, (s) => s.matches({ editing: { photos: 'idle' } }));
    expect(uploadPhotos.mock.calls[1]![0]).toHaveLength(4);
  });

  it('removes a photo here and on the server', async () => {
    const { actor, removePhoto } = start();
    actor.send({ type: 'ADD_PHOTOS', files: [image(), image()] });
    await waitFor(actor, (s) => s.context.photos.length === 2);
    actor.send({ type: 'REMOVE_PHOTO', id: 'p1' });
    expect(actor.getSnapshot().context.photos.map((p) => p.id)).toEqual(['p2']);
    await waitFor(actor, (s) => s.matches({ editing: { photos: 'idle' } }));
    expect(removePhoto).toHaveBeenCalledWith('p1');
  });

  it("reports an upload refused by the server with the server's words", async () => {
    const { actor, notify } = start({
      upload: async () => {
        throw new HttpError(400, JSON.stringify({ error: 'Photos must be JPEG, PNG, WebP or GIF images', field: 'photos' }), 'Bad Request');
      },
    });
    actor.send({ type: 'ADD_PHOTOS', files: [image()] });
    await waitFor(actor, (s) => s.matches({ editing: { photos: 'idle' } }));
    expect(notify).toHaveBeenLastCalledWith(expect.anything(), {
      title: 'Upload failed',
      description: 'Photos must be JPEG, PNG, WebP or GIF images',
      variant: 'destructive',
    });
    expect(actor.getSnapshot().context.photos).toEqual([]);
  });

  it('saves whatever exists when step 5 is skipped, with the gender defaulting to Other', async () => {
    const { actor, saveOnboarding, notify, syncTimeZone } = start();
    for (let i = 0; i < 4; i += 1) actor.send({ type: 'SKIP' });
    expect(actor.getSnapshot().context.step).toBe(5);
    actor.send({ type: 'SKIP' });
    expect(actor.getSnapshot().value).toBe('saving');
    await waitFor(actor, (s) => s.matches('locationDialog'));
    expect(saveOnboarding).toHaveBeenCalledWith({ userId: 12, save: { gender: 'Other', photos: [], kinks: [], interests: [] } });
    expect(notify).toHaveBeenCalledWith(expect.anything(), { title: 'Profile updated!', description: 'Your preferences have been saved.' });
    expect(syncTimeZone).toHaveBeenCalledTimes(1);
  });

  it('saves the full answers with Complete, then the location dialog, then forgets the id and goes to the feed', async () => {
    const { actor, saveOnboarding, navigate, forgetUser } = start();
    actor.send({ type: 'CHOOSE_GENDER', gender: 'Male' });
    actor.send({ type: 'CONTINUE' });
    actor.send({ type: 'ADD_PHOTOS', files: [image()] });
    await waitFor(actor, (s) => s.context.photos.length === 1);
    actor.send({ type: 'CONTINUE' });
    actor.send({ type: 'TOGGLE_KINK', kink: 'Switch' });
    actor.send({ type: 'CONTINUE' });
    actor.send({ type: 'TOGGLE_INTEREST', interest: 'Wine' });
    actor.send({ type: 'CONTINUE' });
    actor.send({ type: 'CHANGE_BIO', bio: '  Moonlit walks.  ' });
    actor.send({ type: 'CONTINUE' });
    await answerLocationDialog(actor);
    await waitFor(actor, (s) => s.status === 'done');
    expect(saveOnboarding.mock.calls[0]![0].save).toEqual({
      gender: 'Male',
      photos: ['/api/photos/p1/display'],
      kinks: ['Switch'],
      interests: ['Wine'],
      bio: 'Moonlit walks.',
    });
    expect(forgetUser).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith(expect.anything(), { to: '/feed' });
    expect(forgetUser.mock.invocationCallOrder[0]).toBeLessThan(navigate.mock.invocationCallOrder[0]!);
  });

  it.each([
    ['the server message', new HttpError(400, JSON.stringify({ error: 'Bio must be at most 500 characters', field: 'bio' }), 'Bad Request'), 'Bio must be at most 500 characters'],
    ["'Update failed' for a refusal without a message", new HttpError(500, '', 'Internal Server Error'), 'Update failed'],
    ['the generic text when the server cannot be reached', new TypeError('Failed to fetch'), 'Something went wrong. Please try again.'],
  ])('stays on step 5 after a failed save and shows %s', async (_, error, description) => {
    const { actor, notify, navigate } = start({
      save: async () => {
        throw error;
      },
    });
    for (let i = 0; i < 5; i += 1) actor.send({ type: 'SKIP' });
    await waitFor(actor, (s) => s.matches('editing') && notify.mock.calls.length > 0);
    expect(notify).toHaveBeenCalledWith(expect.anything(), { title: 'Update failed', description, variant: 'destructive' });
    expect(actor.getSnapshot().context.step).toBe(5);
    expect(navigate).not.toHaveBeenCalled();
  });
});
