import { randomBytes } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import mongoose from 'mongoose';
import sharp from 'sharp';
import { Messages, ProfileMessages, Topics, type IntegrationEvent } from '@nocturne/contracts';
import { PUBLISHED_KEYS_DATABASE } from '@nocturne/platform/adapters';
import { MongoSubjectKeyStore, openPublishedPersonalData, parseMasterKey, PersonalDataVault } from '@nocturne/platform/privacy';
import { eventually, multipartFile, streamingUpload } from '@nocturne/platform/testing';
import { hasRealInfrastructure, realInfrastructure, StackProcess, type Member } from '../support';

// Photo uploads and published personal data on the real servers, through `node stack/dist/main.js` with
// KAFKA_BROKERS, MONGODB_URI and REDIS_URL set (run under `flock /tmp/nocturne-real.lock`: the topics and
// databases are the shared ones). Skipped without the variables; needs the builds.
const d = hasRealInfrastructure ? describe : describe.skip;

const UPLOADS_PER_HOUR = 6;

/** Every message of `topics` keyed by `key`, as raw text, read back from the beginning by a group of its own. */
async function readBack(topics: readonly string[], key: string, until: (values: string[]) => boolean): Promise<string[]> {
  const kafka = new Kafka({ clientId: 'nocturne-data-protection-test', brokers: realInfrastructure.KAFKA_BROKERS.split(','), logLevel: logLevel.NOTHING });
  const consumer = kafka.consumer({ groupId: `data-protection-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`, maxWaitTimeInMs: 250 });
  const values: string[] = [];
  await consumer.connect();
  try {
    await consumer.subscribe({ topics: [...topics], fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        if (message.key?.toString('utf8') === key) values.push(message.value?.toString('utf8') ?? '');
      },
    });
    await eventually(() => expect(until(values)).toBe(true), { timeoutMs: 60_000, intervalMs: 200 });
    return values;
  } finally {
    await consumer.disconnect();
  }
}

d('real stack: photo uploads and published personal data', () => {
  let stack: StackProcess | undefined;

  beforeAll(async () => {
    stack = await StackProcess.start({ env: { PHOTO_UPLOADS_PER_HOUR: String(UPLOADS_PER_HOUR) } });
  }, 120_000);

  afterAll(async () => {
    await stack?.stop(10_000);
  }, 30_000);

  const member = () => stack!.signUpWithProfile();

  async function upload(who: Member, files: Buffer[]) {
    const form = who.post('/api/photos');
    files.forEach((file, index) => form.attach('photos', file, { filename: `night-${index}.jpg`, contentType: 'image/jpeg' }));
    const res = await form;
    return { status: res.status, body: res.body as Record<string, unknown>, retryAfter: res.headers['retry-after'] };
  }

  const jpeg = (color: string, width = 64, height = 48) => sharp({ create: { width, height, channels: 3, background: color } }).jpeg().toBuffer();

  it('refuses a full profile before reading the body, a person over their hourly uploads with 429, and a decoding bomb', async () => {
    const api = await member();
    const six = await upload(api, await Promise.all(Array.from({ length: 6 }, (_, index) => jpeg(`#2${index}3050`))));
    expect(six.status).toBe(201);

    const pending = streamingUpload(`${stack!.url}/api/photos`, { declaredLength: 20 * 1024 * 1024, headers: { cookie: api.session, origin: stack!.url } });
    await pending.send(Buffer.concat([multipartFile(pending.boundary, 'seventh.jpg', 'image/jpeg').head, Buffer.alloc(256 * 1024, 1)]));
    const early = await pending.answerWithin(5_000);
    pending.abort();
    expect(early).toMatchObject({ status: 400, body: { error: ProfileMessages.photos, field: 'photos' } });

    const photos = (six.body.added as Array<{ id: string }>).map((photo) => photo.id);
    const removed = await api.graphql('mutation ($id: ID!) { removePhoto(id: $id) { photos { id } } }', { id: photos[0] });
    expect(removed.body.errors).toBeUndefined();
    const overLimit = await upload(api, [await jpeg('#203040')]);
    expect(overLimit).toMatchObject({ status: 429, body: { error: Messages.tooManyRequests } });
    expect(Number(overLimit.retryAfter)).toBeGreaterThan(3000);

    const other = await member();
    const bomb = await sharp({ create: { width: 6000, height: 5000, channels: 3, background: '#000' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(await upload(other, [bomb])).toMatchObject({ status: 400, body: { error: ProfileMessages.photoTooManyPixels, field: 'photos' } });
  }, 120_000);

  it('refuses a jump from Berlin to Sydney, and shows pictures only between onboarded people, with one 404 for every refusal', async () => {
    const onboard = async (who: Member) => expect((await who.patch(`/api/user/${who.id}`, { gender: 'Female', kinks: ['Praise'], interests: ['Art'] })).status).toBe(200);
    const shown = await member();
    await onboard(shown);
    expect((await shown.post('/api/update-location', { latitude: 52.52, longitude: 13.405 })).status).toBe(200);
    const jump = await shown.post('/api/update-location', { latitude: -33.8688, longitude: 151.2093 });
    expect(jump).toMatchObject({ status: 429, body: { error: ProfileMessages.locationTooFarTooSoon } });
    expect(Number(jump.headers['retry-after'])).toBeGreaterThan(15 * 3600);
    expect((await shown.get('/api/auth/user')).body.user).toMatchObject({ latitude: 52.52, longitude: 13.405 });

    const photo = (await upload(shown, [await jpeg('#304050')])).body.added as Array<{ url: string }>;
    const viewer = await member();
    const notFound = { status: 404, body: { error: ProfileMessages.photoNotFound } };
    expect(await viewer.get(photo[0]!.url)).toMatchObject(notFound);
    expect(await shown.get(`/api/avatars/${viewer.id}`)).toMatchObject({ status: 404, body: { error: ProfileMessages.profileNotFound } });
    expect((await viewer.get(`/api/avatars/${viewer.id}`)).status).toBe(200);
    await onboard(viewer);
    expect((await viewer.get(photo[0]!.url)).status).toBe(200);
    expect((await shown.get(`/api/avatars/${viewer.id}`)).status).toBe(200);
  }, 120_000);

  it('after an account is deleted, none of its name, bio, kinks or place is readable from Kafka', async () => {
    const api = await member();
    const { id, person } = api;
    const tag = randomBytes(4).toString('hex');
    const bio = `Counting comets from the rooftop ${tag}`;
    const place = `Rooftop above Kreuzberg ${tag}`;
    expect((await api.graphql('mutation ($input: OnboardingInput!) { completeOnboarding(input: $input) { id } }', {
      input: { gender: 'Female', kinks: ['Rope Play', 'Wax Play'], interests: ['Astronomy'], bio },
    })).body.errors).toBeUndefined();
    expect((await api.graphql('mutation ($latitude: Float, $longitude: Float, $location: String) { updateLocation(latitude: $latitude, longitude: $longitude, location: $location) { id } }', {
      latitude: 52.499321,
      longitude: 13.418764,
      location: place,
    })).body.errors).toBeUndefined();
    expect((await api.graphql('mutation { deleteAccount }')).body.errors).toBeUndefined();

    const values = await readBack([Topics.auth, Topics.profile], String(id), (seen) => seen.some((v) => v.includes('"UserDeleted"')) && seen.some((v) => v.includes('"ProfileErased"')));
    const types = values.map((value) => (JSON.parse(value) as IntegrationEvent).type);
    expect(types).toEqual(expect.arrayContaining(['UserRegistered', 'ProfileCreated', 'OnboardingCompleted', 'LocationUpdated', 'UserDeleted', 'ProfileErased']));
    const raw = values.join('\n');
    for (const value of [person.name, person.username, bio, place, 'Kreuzberg', 'Rope Play', 'Wax Play', 'Astronomy', '52.499321']) expect(raw).not.toContain(value);

    // The sealed fields are gone for good: the person's published key is shredded.
    const connection = await mongoose.createConnection(realInfrastructure.MONGODB_URI, { dbName: PUBLISHED_KEYS_DATABASE, serverSelectionTimeoutMS: 10_000 }).asPromise();
    try {
      const masterKey = parseMasterKey(process.env.PERSONAL_DATA_KEY);
      const vault = new PersonalDataVault({ store: await MongoSubjectKeyStore.open(connection.db!), cacheMs: 0, ...(masterKey && { masterKey }) });
      for (const value of values) {
        const event = JSON.parse(value) as IntegrationEvent;
        const opened = await openPublishedPersonalData(event, vault);
        if (['UserRegistered', 'OnboardingCompleted', 'LocationUpdated'].includes(event.type)) expect(opened.erased).toBe(true);
        expect(JSON.stringify(opened.event)).not.toContain(bio);
      }
    } finally {
      await connection.close();
    }
  }, 120_000);
});
