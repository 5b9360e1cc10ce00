import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { IntegrationEvent } from '@nocturne/contracts';
import { FileSubjectKeyStore, openPublishedPersonalData, PersonalDataVault } from '@nocturne/platform/privacy';
import { eventually } from '@nocturne/platform/testing';
import { startInProcessStack, type InProcessStack } from '../support';

jest.setTimeout(30_000);

let stack: InProcessStack;
const busDir = () => path.join(stack.dataDir, 'bus');

beforeAll(async () => {
  stack = await startInProcessStack('published');
});

afterAll(() => stack?.stop());

const api = () => stack.request();

/** Every file the embedded bus keeps: topic logs (dead letters too), offsets, its key file. */
function busFiles(): string {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.push(readFileSync(full, 'utf8'));
    }
  };
  if (existsSync(busDir())) walk(busDir());
  return files.join('\n');
}

/** The messages of one person (keyed by their user id) in the topic logs, as stored. */
function messagesOf(userId: number): IntegrationEvent[] {
  const topics = path.join(busDir(), 'topics');
  return readdirSync(topics).flatMap((file) =>
    readFileSync(path.join(topics, file), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { k?: string; e?: IntegrationEvent })
      .filter((record) => record.k === String(userId))
      .map((record) => record.e!),
  );
}

describe('personal data on the embedded bus', () => {
  it('never carries the name, bio, kinks or typed place in plain text, and nothing of a deleted person can be opened', async () => {
    const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const person = { username: `pub${tag}`, email: `pub.${tag}@example.test`, password: 'moonlight42', name: `Selene Moonwhisper${tag.slice(-4)}`, age: 31 };
    const bio = `Counting comets from the rooftop ${tag}`;
    const place = `Rooftop above Kreuzberg, Oranienstr. ${tag}`;
    const kinks = ['Rope Play', 'Wax Play'];
    const { id, session: cookie } = await stack.signUpWithProfile(person);
    await api().patch(`/api/user/${id}`).set('Cookie', cookie).send({ gender: 'Female', kinks, interests: ['Astronomy'], bio }).expect(200);
    await api().patch(`/api/users/${id}/location`).set('Cookie', cookie).send({ latitude: 52.499321, longitude: 13.418764, location: place }).expect(200);
    await api().put('/api/profile').set('Cookie', cookie).send({ name: person.name, age: 32, bio, gender: 'Female', kinks, interests: ['Astronomy'] }).expect(200);

    const types = ['UserRegistered', 'AccountDetailsChanged', 'ProfileCreated', 'OnboardingCompleted', 'LocationUpdated', 'ProfileUpdated', 'AccountDetailsEdited'];
    await eventually(() => expect(new Set(messagesOf(id).map((event) => event.type))).toEqual(new Set(types)));
    const personal = [person.name, person.username, bio, place, 'Oranienstr', '52.499321', '13.418764'];
    // Sealed from the start: the typed place never leaves the profile service at all.
    for (const value of personal) expect(busFiles()).not.toContain(value);
    for (const kink of kinks) expect(JSON.stringify(messagesOf(id))).not.toContain(kink);

    // The bus's own key opens them while the person exists (consumers read what they need)...
    const published = () => new PersonalDataVault({ store: new FileSubjectKeyStore(busDir()), cacheMs: 0 });
    const before = published();
    const onboarded = messagesOf(id).find((event) => event.type === 'OnboardingCompleted')!;
    expect((await openPublishedPersonalData(onboarded, before)).event.data).toMatchObject({ userId: id, bio, kinks });
    const located = (await openPublishedPersonalData(messagesOf(id).find((event) => event.type === 'LocationUpdated')!, before)).event.data;
    expect(Object.keys(located as object).sort()).toEqual(['cell', 'latitude', 'longitude', 'updatedAt', 'userId']);
    await before.close();

    const deleted = await api().delete('/api/account').set('Cookie', cookie).set('Content-Type', 'application/json').send('{}');
    expect(deleted.status).toBe(200);
    await eventually(() => expect(messagesOf(id).map((event) => event.type)).toEqual(expect.arrayContaining(['UserDeleted', 'ProfileErased'])));

    // ...and no longer once the account is deleted: every copy of what was published about them is noise.
    for (const value of personal) expect(busFiles()).not.toContain(value);
    const after = published();
    for (const event of messagesOf(id)) {
      const opened = await openPublishedPersonalData(event, after);
      expect(JSON.stringify(opened.event)).not.toMatch(new RegExp([person.name, bio, 'Rope Play'].join('|')));
      if (!['UserDeleted', 'ProfileErased', 'ProfileCreated'].includes(event.type)) expect(opened.erased).toBe(true);
    }
    await after.close();
  });

  it('never publishes a place name the person typed, whatever it looks like', async () => {
    const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const { id, session: cookie } = await stack.signUp({ username: `plc${tag}`, email: `plc.${tag}@example.test`, password: 'moonlight42', name: 'Nyx Night', age: 29 });
    const places = [`Home ${tag}, 5 Elm Street`, `52°29'57" N 13°25'07" E ${tag}`, `Berlin${tag}`];
    for (const location of places) {
      await api().patch(`/api/users/${id}/location`).set('Cookie', cookie).send({ latitude: 52.499321, longitude: 13.418764, location }).expect(200);
    }
    await eventually(() => expect(messagesOf(id).filter((event) => event.type === 'LocationUpdated')).toHaveLength(places.length));
    for (const place of places) expect(busFiles()).not.toContain(place);
    // The owner still sees what they typed.
    expect((await api().get('/api/auth/user').set('Cookie', cookie)).body.user.location).toBe(places.at(-1));
  });
});
