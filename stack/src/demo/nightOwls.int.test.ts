import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createLogger } from '@nocturne/platform/logging';
import { FileSubjectKeyStore, PersonalDataVault } from '@nocturne/platform/privacy';
import { eventually } from '@nocturne/platform/testing';
import { startEmbeddedStack, type EmbeddedStack } from '../embedded';
import { crawlingUnlimited } from '../testStack';
import { GatewayClient } from './gatewayClient';
import { DEMO_DATA_FOLDER } from './index';
import { nightOwlProfiles, OWL_CITY, OWL_COUNT } from './owlProfiles';
import { owlPassword } from './seedNightOwls';

// The demo night owls of the embedded stack, over HTTP: made through the gateway like anyone, found
// again after a restart, and one in three likes back.
jest.setTimeout(180_000);

let dataDir: string;
let frontendDir: string;
let stack: EmbeddedStack | undefined;
const logLines: string[] = [];
const logSink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString('utf8'));
    done();
  },
});

const start = () =>
  startEmbeddedStack({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    subgraphPorts: 'free',
    frontendDir,
    env: { SWIPE_WINDOW: 'always', ...crawlingUnlimited },
    logger: createLogger('stack', { env: { LOG_LEVEL: 'info' }, destination: logSink }),
    demoNightOwls: true,
  });

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'nocturne-night-owls-'));
  frontendDir = path.join(dataDir, 'frontend');
  mkdirSync(frontendDir);
  writeFileSync(path.join(frontendDir, 'index.html'), '<!doctype html><html><head><title>Nocturne</title></head><body></body></html>');
  stack = await start();
});

afterAll(async () => {
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

let people = 0;
/** A new person who shares a position in the middle of the owls' city. */
async function personInTheCity(): Promise<{ client: GatewayClient; id: number }> {
  people += 1;
  const client = new GatewayClient(stack!.url);
  const { id } = await client.signUp({ username: `visitor${people}`, email: `visitor${people}@example.test`, password: 'moonlight42', name: 'Visitor', age: 30 });
  await client.completeOnboarding(id, { gender: 'Female', kinks: ['Rope Play'], interests: ['Art'], bio: 'Just looking.' });
  await client.updateLocation(id, { latitude: OWL_CITY.latitude, longitude: OWL_CITY.longitude, location: OWL_CITY.name });
  return { client, id };
}

const get = async (client: GatewayClient, url: string) => {
  const res = await client.fetch(url);
  return { status: res.status, type: res.headers.get('content-type'), body: res.headers.get('content-type')?.includes('json') ? await res.json() : await res.arrayBuffer() };
};

describe('demo night owls', () => {
  it('answers before the owls are set up, then has about sixty of them made through the API', async () => {
    // The gateway answered when startEmbeddedStack resolved; the owls come after, in the background.
    expect((await fetch(`${stack!.url}/healthz`)).status).toBe(200);
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
      const res = await get(visitor.client, '/api/profiles?limit=50');
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
    const photo = await get(visitor.client, deck[0]!.photos[0]!);
    expect(photo.status).toBe(200);
    expect(photo.type).toMatch(/^image\/(jpeg|webp|png)$/);
  });

  it('makes a match when a person likes an owl who likes back, and none with the others', async () => {
    const visitor = await personInTheCity();
    const owls = nightOwlProfiles();
    const outcome = (await stack!.nightOwls!.ready)!;
    const idOf = (username: string) => [...outcome.ready].find(([, owl]) => owl.username === username)![0];
    const shy = owls.find((owl) => !owl.likesBack)!;
    const warm = owls.find((owl) => owl.likesBack)!;
    expect((await visitor.client.swipe({ swiperId: visitor.id, swipedId: idOf(shy.username), isLike: true })).isMatch).toBe(false);
    expect((await visitor.client.swipe({ swiperId: visitor.id, swipedId: idOf(warm.username), isLike: true })).isMatch).toBe(false);
    // Both likes are keyed by the visitor, so the owls hear them in this order: once the second is answered, so was the first.
    const matches = await eventually(
      async () => {
        const res = await get(visitor.client, `/api/matches/${visitor.id}`);
        expect(res.body).toHaveLength(1);
        return res.body as Array<{ otherUser: { id: number; name: string } }>;
      },
      { timeoutMs: 20_000 },
    );
    expect(matches[0]!.otherUser).toMatchObject({ id: idOf(warm.username), name: warm.name });
    expect(owls.filter((owl) => owl.likesBack).length).toBe(Math.ceil(OWL_COUNT / 3));
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
    const next = await new GatewayClient(stack.url).signUp({ username: 'latecomer', email: 'latecomer@example.test', password: 'moonlight42', name: 'Late', age: 40 });
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
    expect((await new GatewayClient(stack.url).signIn('luna_owl', passwords[0]!)).id).toBeGreaterThan(0);
    const log = logLines.join('');
    expect(log.length).toBeGreaterThan(0);
    for (const password of passwords) expect(log).not.toContain(password);
  });
});
