import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { VerificationGestures } from '@nocturne/contracts';
import { INTERNAL_CONTEXT_HEADER, signInternalContext, STREAMED_BODY } from '@nocturne/platform/http';
import { eventually } from '@nocturne/platform/testing';
import { startInProcessStack, type InProcessStack, type Member } from '../support';

// Verification: a selfie with a gesture the server drew, reviewed by a moderator with the moderation tool
// (`npm run verifications:*`) beside the profile's photos; the tick follows the decision and any later photo
// change. The selfie is seen by the moderation tool only, and kept only until reviewed.
let stack: InProcessStack;
let reviewDir: string;
beforeAll(async () => {
  stack = await startInProcessStack('verification');
  reviewDir = mkdtempSync(path.join(tmpdir(), 'nocturne-verification-review-'));
}, 60_000);
afterAll(async () => {
  await stack.stop();
  rmSync(reviewDir, { recursive: true, force: true });
});
// Each scenario runs the moderation tool as a process, as a moderator does.
jest.setTimeout(60_000);

const repoRoot = path.resolve(__dirname, '..', '..', '..');
const profileUrl = () => new URL(stack.subgraphUrls.profile!).origin;

/** `npm run verifications:<command>` against the stack, as a moderator runs it. */
async function tool(...args: string[]): Promise<string> {
  const script = path.join(repoRoot, 'services', 'profile', 'dist', 'tools', 'verifications.js');
  const { stdout } = await promisify(execFile)(process.execPath, [script, ...args], {
    env: { PATH: process.env.PATH ?? '', PROFILE_URL: profileUrl(), INTERNAL_SECRET: stack.internalSecret, VERIFICATION_REVIEW_DIR: reviewDir },
  });
  return stdout;
}

const image = (colour: string) => sharp({ create: { width: 64, height: 48, channels: 3, background: colour } }).jpeg().toBuffer();

async function withPhoto(member: Member, colour = '#302050'): Promise<Array<{ id: string; url: string }>> {
  const res = await member.post('/api/photos').attach('photos', await image(colour), 'me.jpg');
  expect(res.status).toBe(201);
  return res.body.photos;
}

const start = (member: Member) => member.post('/api/verification', {});
const sendSelfie = async (member: Member, body?: Buffer) => member.post('/api/verification/selfie').attach('selfie', body ?? (await image('#c0a080')), 'selfie.jpg');
const status = async (member: Member) => (await member.get('/api/verification').expect(200)).body.verification as { status: string; gesture: string | null };
const isVerified = async (member: Member) => (await member.get('/api/auth/user').expect(200)).body.user.isVerified as boolean;
const cardOf = async (viewer: Member, subject: Member) => ((await viewer.get('/api/profiles').expect(200)).body as Array<{ id: number; isVerified: boolean; photos: string[] }>).find((card) => card.id === subject.id);

/** The request id the moderation tool lists for `member`. */
async function listedRequest(member: Member): Promise<string> {
  const listed = await tool('open');
  const line = listed.split('\n').find((text) => text.includes(`: user ${member.id} (`));
  expect(line).toBeDefined();
  return /request ([a-f0-9]{32})/.exec(line!)![1]!;
}

/** Files under the profile service's stored selfies. */
function storedSelfies(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (full.includes(`${path.sep}selfies${path.sep}`)) found.push(full);
    }
  };
  walk(stack.dataDir);
  return found;
}

/** Sends a selfie and answers the file the service stored for it. */
async function selfieStoredBy(member: Member): Promise<string> {
  const before = new Set(storedSelfies());
  expect((await sendSelfie(member)).status).toBe(201);
  const added = storedSelfies().filter((file) => !before.has(file));
  expect(added).toHaveLength(1);
  return added[0]!;
}

/** A request to the profile service's moderation routes, signed with the internal secret for `context`. */
function signedCall(method: 'GET' | 'POST', route: string, context: { ip: string; uid?: number }) {
  const header = signInternalContext(context, stack.internalSecret, { method, path: route, body: STREAMED_BODY });
  return fetch(new URL(route, profileUrl()), { method, headers: { [INTERNAL_CONTEXT_HEADER]: header } });
}

describe('verification', () => {
  it('a selfie with the drawn gesture, approved in the moderation tool beside the photos, shows the tick on the profile and on cards; the selfie is deleted', async () => {
    const owner = await stack.member({ gender: 'Female' });
    const viewer = await stack.member({ gender: 'Male' });
    const [photo] = await withPhoto(owner);
    expect(await status(owner)).toEqual({ status: 'none', gesture: null });

    const started = await start(owner);
    expect(started.status).toBe(200);
    const { gesture } = started.body.verification;
    expect(VerificationGestures).toContain(gesture);
    expect(started.body).toEqual({ verification: { status: 'awaiting-selfie', gesture } });
    // Asking again keeps the gesture drawn.
    expect((await start(owner)).body).toEqual({ verification: { status: 'awaiting-selfie', gesture } });

    const before = new Set(storedSelfies());
    const sent = await sendSelfie(owner);
    expect([sent.status, sent.body]).toEqual([201, { verification: { status: 'pending', gesture } }]);
    const [stored] = storedSelfies().filter((file) => !before.has(file));
    expect(stored).toBeDefined();
    expect(await isVerified(owner)).toBe(false);

    const requestId = await listedRequest(owner);
    const listed = await tool('open');
    expect(listed).toContain(`gesture "${gesture}"`);
    const selfiePath = path.join(reviewDir, requestId, 'selfie.webp');
    const photoPath = path.join(reviewDir, requestId, 'photo-1.webp');
    expect(listed).toContain(selfiePath);
    expect(listed).toContain(photoPath);
    expect((await sharp(readFileSync(selfiePath)).metadata()).format).toBe('webp');
    expect((await sharp(readFileSync(photoPath)).metadata()).format).toBe('webp');

    expect(await tool('approve', requestId)).toContain(`user ${owner.id} is now verified`);
    expect(await isVerified(owner)).toBe(true);
    expect(await status(owner)).toEqual({ status: 'verified', gesture: null });
    await eventually(async () => expect((await cardOf(viewer, owner))?.isVerified).toBe(true));
    expect((await cardOf(viewer, owner))?.photos).toEqual([photo!.url]);
    // Kept only until reviewed: the service's file and the tool's copy are gone, and it is listed no more.
    expect(existsSync(stored!)).toBe(false);
    expect(existsSync(path.join(reviewDir, requestId))).toBe(false);
    expect(await tool('open')).not.toContain(requestId);
    expect((await signedCall('GET', `/media/moderation/verifications/${requestId}/selfie`, { ip: 'moderation' })).status).toBe(404);
  });

  it('a photo added or removed after approval takes the tick away until a new selfie is approved; a new order keeps it', async () => {
    const owner = await stack.member({ gender: 'Female' });
    const viewer = await stack.member({ gender: 'Male' });
    await withPhoto(owner, '#302050');
    await withPhoto(owner, '#503020');
    await start(owner);
    expect((await sendSelfie(owner)).status).toBe(201);
    await tool('approve', await listedRequest(owner));
    expect(await isVerified(owner)).toBe(true);

    const photos = (await owner.get('/api/auth/user').expect(200)).body.user.photos as string[];
    expect((await owner.put('/api/profile/photos', { photos: [...photos].reverse() })).status).toBe(200);
    expect(await isVerified(owner)).toBe(true);

    await withPhoto(owner, '#205030');
    expect(await isVerified(owner)).toBe(false);
    expect(await status(owner)).toEqual({ status: 'none', gesture: null });
    await eventually(async () => expect((await cardOf(viewer, owner))?.isVerified).toBe(false));

    // Asked again: a new request, a new review.
    await start(owner);
    expect((await sendSelfie(owner)).status).toBe(201);
    await tool('approve', await listedRequest(owner));
    expect(await isVerified(owner)).toBe(true);
    const removed = await owner.graphql('mutation ($id: ID!) { removePhoto(id: $id) { isVerified } }', { id: photos[0]!.split('/')[3] });
    expect(removed.body).toEqual({ data: { removePhoto: { isVerified: false } } });
  });

  it('nobody but the moderation tool can fetch a selfie: not another member, not its owner, not a forged gateway request', async () => {
    const owner = await stack.member();
    const other = await stack.member();
    await withPhoto(owner);
    await start(owner);
    expect((await sendSelfie(owner)).status).toBe(201);
    const requestId = await listedRequest(owner);

    for (const member of [owner, other]) {
      for (const route of [`/api/moderation/verifications`, `/api/moderation/verifications/${requestId}/selfie`, `/api/verification/selfie`, `/api/verification/${requestId}`, `/api/verification/selfie/${requestId}`, `/api/media/moderation/verifications/${requestId}/selfie`, `/api/photos/${requestId}/display`, `/api/photos/..%2Fmoderation%2Fverifications%2F${requestId}%2Fselfie/display`]) {
        const res = await member.get(route);
        expect({ route, status: res.status, type: res.headers['content-type'] }).toEqual({ route, status: expect.any(Number), type: expect.not.stringMatching(/^image\//) });
        expect(res.status).toBeGreaterThanOrEqual(400);
      }
    }
    // The verification state is its owner's only: another person's deck card tells nothing of it.
    expect((await owner.graphql('{ me { verification { status } } }')).body.data.me.verification).toEqual({ status: 'PENDING' });
    await eventually(async () => {
      const deck = await other.graphql('{ deck(limit: 50) { cards { user { id isVerified verification { status gesture } } } } }');
      expect(deck.body.data.deck.cards.find((card: { user: { id: number } }) => card.user.id === owner.id)?.user).toEqual({ id: owner.id, isVerified: false, verification: null });
    });
    // A request signed as a signed-in person (what the gateway sends) is not the moderator's; nor is an unsigned or mis-signed one.
    expect((await signedCall('GET', `/media/moderation/verifications/${requestId}/selfie`, { ip: '127.0.0.1', uid: other.id })).status).toBe(404);
    expect((await signedCall('POST', `/media/moderation/verifications/${requestId}/approve`, { ip: '127.0.0.1', uid: owner.id })).status).toBe(404);
    expect((await fetch(new URL(`/media/moderation/verifications/${requestId}/selfie`, profileUrl()))).status).toBe(401);
    const moderator = await signedCall('GET', `/media/moderation/verifications/${requestId}/selfie`, { ip: 'moderation' });
    expect([moderator.status, moderator.headers.get('content-type'), moderator.headers.get('cache-control')]).toEqual([200, 'image/webp', 'no-store']);
    expect(await isVerified(owner)).toBe(false);
  });

  it('refuses bad input with a clear error and keeps nothing: no photo, no request, not an image, too large, a second selfie', async () => {
    const owner = await stack.signUpWithProfile();
    const noPhoto = await start(owner);
    expect([noPhoto.status, noPhoto.body]).toEqual([400, { error: 'Add a photo of yourself first: the selfie is compared with your photos', field: 'photos' }]);
    await withPhoto(owner);
    const early = await sendSelfie(owner);
    expect([early.status, early.body.error]).toEqual([409, 'Start verification first: the app names the gesture to make']);

    await start(owner);
    const text = await sendSelfie(owner, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect([text.status, text.body]).toEqual([400, { error: 'The selfie must be a JPEG, PNG, WebP or GIF image', field: 'selfie' }]);
    const huge = await sendSelfie(owner, Buffer.concat([await image('#000000'), Buffer.alloc(5 * 1024 * 1024)]));
    expect([huge.status, huge.body.error]).toEqual([413, 'The selfie must be at most 5 MB']);
    expect(await status(owner)).toMatchObject({ status: 'awaiting-selfie' });
    expect(await tool('open')).not.toContain(`user ${owner.id} (`);

    expect((await sendSelfie(owner)).status).toBe(201);
    const second = await sendSelfie(owner);
    expect([second.status, second.body.error]).toEqual([409, 'Your selfie is waiting for review']);
    expect((await start(owner)).status).toBe(409);
    expect((await stack.client().post('/api/verification/selfie').attach('selfie', await image('#ffffff'), 's.jpg')).status).toBe(401);
  });

  it('a refusal deletes the selfie and lets the person ask again with a new request; deleting the account deletes a selfie waiting for review', async () => {
    const owner = await stack.member();
    await withPhoto(owner);
    await start(owner);
    const refused = await selfieStoredBy(owner);
    const first = await listedRequest(owner);
    expect(await tool('refuse', first)).toContain(`user ${owner.id} is now refused`);
    expect(await status(owner)).toEqual({ status: 'refused', gesture: null });
    expect(await isVerified(owner)).toBe(false);
    expect(existsSync(refused)).toBe(false);
    await expect(tool('approve', first)).rejects.toThrow(/No verification request waits for review with that id/);

    expect((await start(owner)).body.verification.status).toBe('awaiting-selfie');
    const pending = await selfieStoredBy(owner);
    expect(await listedRequest(owner)).not.toBe(first);
    expect((await owner.delete('/api/account').set('Content-Type', 'application/json').send('{}')).status).toBe(200);
    await eventually(async () => expect(existsSync(pending)).toBe(false));
    expect(await tool('open')).not.toContain(`user ${owner.id} (`);
  });
});
