import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createLogger } from '@nocturne/platform/logging';
import { FileSubjectKeyStore, PersonalDataVault } from '@nocturne/platform/privacy';
import { eventually } from '@nocturne/platform/testing';
import { DEMO_DATA_FOLDER, nightOwlProfiles, OWL_CITY, OWL_COUNT, OWL_REPLIES_PER_CONVERSATION, owlPassword, owlReply } from '@nocturne/demo';
import { InProcessStack, newPerson, type Member } from '../support';

// The demo night owls of the embedded stack, over HTTP: made through the gateway like anyone, found
// again after a restart, one in three likes back, and a few of those are online and answer messages.
jest.setTimeout(180_000);

let dataDir: string;
let stack: InProcessStack | undefined;
const logLines: string[] = [];
const logSink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString('utf8'));
    done();
  },
});

/** The embedded stack with its night owls, on the data directory of this file (kept across restarts). */
const start = () =>
  InProcessStack.start('night-owls', {
    dataDir,
    env: { SWIPE_WINDOW: 'always' },
    logger: createLogger('stack', { env: { LOG_LEVEL: 'info' }, destination: logSink }),
    demoNightOwls: true,
  });

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'nocturne-night-owls-'));
  stack = await start();
});

afterAll(async () => {
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

let people = 0;
/** A new person who shares a position in the middle of the owls' city. */
async function personInTheCity(): Promise<Member> {
  people += 1;
  const visitor = await stack!.signUp(newPerson({ prefix: 'visitor', name: 'Visitor', age: 30 }));
  expect((await visitor.patch(`/api/user/${visitor.id}`, { gender: 'Female', kinks: ['Rope Play'], interests: ['Art'], bio: 'Just looking.' })).status).toBe(200);
  expect((await visitor.patch(`/api/users/${visitor.id}/location`, { latitude: OWL_CITY.latitude, longitude: OWL_CITY.longitude, location: OWL_CITY.name })).status).toBe(200);
  return visitor;
}

const likes = async (visitor: Member, swipedId: number): Promise<boolean> => {
  const res = await visitor.post('/api/swipes', { swiperId: visitor.id, swipedId, isLike: true, timestamp: new Date().toISOString() });
  expect(res.status).toBe(200);
  return res.body.isMatch as boolean;
};

describe('demo night owls', () => {
  it('answers before the owls are set up, then has about sixty of them made through the API', async () => {
    // The gateway answered when startEmbeddedStack resolved; the owls come after, in the background.
    expect((await stack!.request().get('/healthz')).status).toBe(200);
    const outcome = await stack!.nightOwls!.ready;
    expect(outcome).toMatchObject({ created: OWL_COUNT, skipped: 0, failed: 0 });
    expect(outcome!.ready.size).toBe(OWL_COUNT);
    expect(OWL_COUNT).toBeGreaterThanOrEqual(50);
    expect(logLines.filter((line) => /demo night owls: \d+ around Berlin/.test(line))).toHaveLength(1);
  });

  it('shows them in the deck of a person nearby, onboarded, with generated photos and whole-km distances', async () => {
    const visitor = await personInTheCity();
    const owls = new Map(nightOwlProfiles().map((owl) => [owl.name, owl]));
    const deck = await eventually(async () => {
      const res = await visitor.get('/api/profiles?limit=50');
      expect(res.status).toBe(200);
      expect((res.body as unknown[]).length).toBe(50);
      // The visitor's own position reaches the deck shortly after it was saved.
      expect((res.body as Array<{ distance: number | null }>).every((card) => card.distance !== null)).toBe(true);
      return res.body as Array<{ name: string; age: number; photos: string[]; distance: number; kinks: string[]; bio: string; location: string }>;
    });
    const genders = new Set<string>();
    for (const card of deck) {
      const owl = owls.get(card.name)!;
      expect(owl).toBeDefined();
      // No place leaves the profile service unless its owner chose to show it: the owls show none.
      expect(card).toMatchObject({ age: owl.age, bio: owl.bio, kinks: owl.kinks, location: null });
      expect(card.age).toBeGreaterThanOrEqual(21);
      expect(card.age).toBeLessThanOrEqual(55);
      expect(card.photos).toHaveLength(owl.photoCount);
      expect(Number.isInteger(card.distance)).toBe(true);
      expect(card.distance).toBeLessThanOrEqual(OWL_CITY.radiusKm + 1);
      genders.add(owl.gender);
    }
    expect(genders).toEqual(new Set(['Female', 'Male', 'Other']));
    const photo = await visitor.get(deck[0]!.photos[0]!);
    expect(photo.status).toBe(200);
    expect(photo.headers['content-type']).toMatch(/^image\/(jpeg|webp|png)$/);
  });

  it('makes a match when a person likes an owl who likes back, and none with the others', async () => {
    const visitor = await personInTheCity();
    const owls = nightOwlProfiles();
    const outcome = (await stack!.nightOwls!.ready)!;
    const idOf = (username: string) => [...outcome.ready].find(([, owl]) => owl.username === username)![0];
    const shy = owls.find((owl) => !owl.likesBack)!;
    const warm = owls.find((owl) => owl.likesBack)!;
    expect(await likes(visitor, idOf(shy.username))).toBe(false);
    expect(await likes(visitor, idOf(warm.username))).toBe(false);
    // Both likes are keyed by the visitor, so the owls hear them in this order: once the second is answered, so was the first.
    const matches = await eventually(
      async () => {
        const res = await visitor.get(`/api/matches/${visitor.id}`);
        expect(res.body).toHaveLength(1);
        return res.body as Array<{ otherUser: { id: number; name: string } }>;
      },
      { timeoutMs: 20_000 },
    );
    expect(matches[0]!.otherUser).toMatchObject({ id: idOf(warm.username), name: warm.name });
    expect(owls.filter((owl) => owl.likesBack).length).toBe(Math.ceil(OWL_COUNT / 3));
  });

  it('has a few owls online who answer what was said, at the pace of a person, a few times a conversation', async () => {
    const visitor = await personInTheCity();
    const outcome = (await stack!.nightOwls!.ready)!;
    const [owlId, owl] = [...outcome.ready].find(([, candidate]) => candidate.chatsBack)!;
    expect(nightOwlProfiles().filter((candidate) => candidate.chatsBack).every((candidate) => candidate.likesBack)).toBe(true);
    expect(await likes(visitor, owlId)).toBe(false);
    const match = await eventually(
      async () => {
        const res = await visitor.get(`/api/matches/${visitor.id}`);
        expect(res.body).toHaveLength(1);
        return res.body[0] as { id: number };
      },
      { timeoutMs: 20_000 },
    );
    // Swiping is open round the clock here, so the chatting owls keep the app open: online to their matches.
    // The match was the owl's write: the chat service opens the conversation once it hears of it.
    await eventually(async () => {
      const list = await visitor.post('/graphql', { query: '{ conversations { matchId match { otherUser { id isOnline } } } }' });
      expect(list.body.data.conversations).toEqual([{ matchId: match.id, match: { otherUser: { id: owlId, isOnline: true } } }]);
    });

    const conversation = async () => (await visitor.get(`/api/messages?matchId=${match.id}`)).body.messages as Array<{ content: string; senderId: number; seq: number }>;
    const say = async (content: string) => expect((await visitor.post('/api/messages', { matchId: match.id, senderId: visitor.id, content })).status).toBe(201);
    const owlAnswers = async (count: number) =>
      eventually(
        async () => {
          const answers = (await conversation()).filter((message) => message.senderId === owlId);
          expect(answers).toHaveLength(count);
          return answers.map((message) => message.content);
        },
        { timeoutMs: 40_000, intervalMs: 500 },
      );

    const sent = Date.now();
    await say("What's your favorite constellation?");
    const [first] = await owlAnswers(1);
    expect(first).toBe(owlReply(owl, "What's your favorite constellation?", 0));
    // A person's pace: reading, then typing.
    expect(Date.now() - sent).toBeGreaterThanOrEqual(2_000);

    await say('Night owl or early bird?');
    expect((await owlAnswers(2))[1]).toBe(owlReply(owl, 'Night owl or early bird?', 1));
    await say('Want to meet for a late coffee?');
    expect((await owlAnswers(3))[2]).toMatch(/heading out into the night/);
    // Then it lets the conversation rest: a fourth message gets no answer, even after the owls' longest pause.
    await say('Hello?');
    const last = (await conversation()).at(-1)!;
    await new Promise((resolve) => setTimeout(resolve, 14_000));
    expect((await conversation()).at(-1)).toEqual(last);
    expect((await conversation()).filter((message) => message.senderId === owlId)).toHaveLength(OWL_REPLIES_PER_CONVERSATION);
  });

  it('finds the same owls after a restart, signing them in when its note is lost, and never logs a password', async () => {
    await stack!.stop();
    stack = undefined;
    rmSync(path.join(dataDir, DEMO_DATA_FOLDER, 'owls.json'));
    stack = await start();
    const outcome = await stack.nightOwls!.ready;
    expect(outcome).toMatchObject({ created: 0, skipped: 0, failed: 0 });
    expect(outcome!.ready.size).toBe(OWL_COUNT);
    // No account was made meanwhile: the next one gets the id after the owls and the two visitors.
    const next = await stack.signUp(newPerson({ prefix: 'late', name: 'Late', age: 40 }));
    expect(next.id).toBe(OWL_COUNT + people + 1);

    await stack.stop();
    stack = undefined;
    stack = await start();
    expect(await stack.nightOwls!.ready).toMatchObject({ created: 0, skipped: OWL_COUNT, failed: 0 });

    // The passwords come from the secret kept with the data: it signs an owl in, and it is in no log line.
    const vault = new PersonalDataVault({ store: new FileSubjectKeyStore(path.join(dataDir, DEMO_DATA_FOLDER)) });
    const secret = await vault.secret('night-owl-passwords');
    await vault.close();
    const passwords = nightOwlProfiles().map((owl) => owlPassword(secret, owl.username));
    const owl = await stack.client().post('/api/auth/signin', { username: 'luna_owl', password: passwords[0]! });
    expect(owl.status).toBe(200);
    expect(owl.body.user.id).toBeGreaterThan(0);
    const log = logLines.join('');
    expect(log.length).toBeGreaterThan(0);
    for (const password of passwords) expect(log).not.toContain(password);
  });
});
