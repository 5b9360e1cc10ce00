import { Writable } from 'node:stream';
import sharp from 'sharp';
import { Messages, ProfileMessages } from '@nocturne/contracts';
import { createLogger } from '@nocturne/platform/logging';
import { eventually, multipartFile, streamingUpload } from '@nocturne/platform/testing';
import { newPerson, startInProcessStack, type InProcessStack, type Member } from '../support';

/** Every log line of the stack, parsed. */
const logLines: Array<Record<string, unknown>> = [];
const logSink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logLines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});

jest.setTimeout(30_000);

const UPLOADS_PER_HOUR = 6;
let stack: InProcessStack;

beforeAll(async () => {
  stack = await startInProcessStack('photo-limits', {
    env: { PHOTO_UPLOADS_PER_HOUR: String(UPLOADS_PER_HOUR) },
    logger: createLogger('stack', { env: { LOG_LEVEL: 'info' }, destination: logSink }),
  });
});

afterAll(() => stack?.stop());

const api = () => stack.request();
const signUp = () => stack.signUpWithProfile(newPerson({ prefix: 'lim' }));

const jpeg = (color: string) => sharp({ create: { width: 64, height: 48, channels: 3, background: color } }).jpeg().toBuffer();

function upload(member: Member, files: Buffer[]) {
  const req = member.post('/api/photos');
  files.forEach((file, index) => req.attach('photos', file, `night-${index}.jpg`));
  return req;
}

async function fill(member: Member, count: number) {
  const files = await Promise.all(Array.from({ length: count }, (_, index) => jpeg(`#1${index}2040`)));
  const res = await upload(member, files);
  expect(res.status).toBe(201);
  return res.body.added as Array<{ id: string }>;
}

const uploadHeaders = (member: Member) => ({ cookie: member.session, origin: stack.url });

describe('photo uploads cannot exhaust memory or CPU', () => {
  it('refuses an upload to a full profile before reading its body', async () => {
    const member = await signUp();
    await fill(member, 6);
    // 20 MB announced, a little sent, the rest held back: only an answer that needs no body can come.
    const pending = streamingUpload(`${stack.url}/api/photos`, { declaredLength: 20 * 1024 * 1024, headers: uploadHeaders(member) });
    const { head } = multipartFile(pending.boundary, 'seventh.jpg', 'image/jpeg');
    await pending.send(Buffer.concat([head, Buffer.alloc(256 * 1024, 1)]));
    const answer = await pending.answerWithin(5_000);
    pending.abort();
    expect(answer).not.toBeNull();
    expect(answer!.status).toBe(400);
    expect(answer!.body).toEqual({ error: ProfileMessages.photos, field: 'photos' });
    expect(pending.sent()).toBeLessThan(1024 * 1024);
  });

  it('stops reading a file at 10 MB and answers 413 while the client is still sending', async () => {
    const member = await signUp();
    const pending = streamingUpload(`${stack.url}/api/photos`, { declaredLength: 40 * 1024 * 1024, headers: uploadHeaders(member) });
    const { head } = multipartFile(pending.boundary, 'huge.jpg', 'image/jpeg');
    await pending.send(Buffer.concat([head, Buffer.from([0xff, 0xd8, 0xff, 0xe0])]));
    const chunk = Buffer.alloc(512 * 1024, 7);
    // 11 MB of one file, and never the end of the body.
    for (let i = 0; i < 22; i++) await pending.send(chunk);
    const answer = await pending.answerWithin(5_000);
    pending.abort();
    expect(answer).not.toBeNull();
    expect(answer!.status).toBe(413);
    expect(answer!.body).toEqual({ error: ProfileMessages.photoTooLarge, field: 'photos' });
    expect((await member.get('/api/auth/user')).body.user.photos).toEqual([]);
  });

  it('answers 429 with Retry-After once a person uploaded their photos for the hour, also after removing some', async () => {
    const member = await signUp();
    const added = await fill(member, UPLOADS_PER_HOUR);
    const removed = await api()
      .post('/graphql')
      .set('Origin', stack.url)
      .set('Cookie', member.session)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ query: 'mutation ($id: ID!) { removePhoto(id: $id) { photos { id } } }', variables: { id: added[0]!.id } }));
    expect(removed.body.errors).toBeUndefined();

    const again = await upload(member, [await jpeg('#203040')]);
    expect(again.status).toBe(429);
    expect(again.body).toEqual({ error: Messages.tooManyRequests });
    const retryAfter = Number(again.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect((await member.get('/api/auth/user')).body.user.photos).toHaveLength(UPLOADS_PER_HOUR - 1);

    // Another person has their own allowance.
    const other = await signUp();
    expect((await upload(other, [await jpeg('#304050')])).status).toBe(201);
  });

  it('refuses a decoding bomb (huge dimensions in a small file) by its header, naming the pixel limit', async () => {
    const member = await signUp();
    // 30 megapixels of one colour compress to almost nothing.
    const bomb = await sharp({ create: { width: 6000, height: 5000, channels: 3, background: '#000' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const res = await upload(member, [bomb]);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: ProfileMessages.photoTooManyPixels, field: 'photos' });
    // A phone photo of 24 megapixels still goes through.
    const phone = await sharp({ create: { width: 6000, height: 4000, channels: 3, background: '#345' } }).jpeg().toBuffer();
    expect((await upload(member, [phone])).status).toBe(201);
  });

  it('logs a malformed upload as a warning without a stack, and answers 400', async () => {
    const member = await signUp();
    const before = logLines.length;
    const res = await api()
      .post('/api/photos')
      .set('Origin', stack.url)
      .set('Cookie', member.session)
      .set('Content-Type', 'multipart/form-data; boundary=nocturne')
      .send('--nocturne\r\nContent-Disposition: form-data; name="photos"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: ProfileMessages.photoUnreadable, field: 'photos' });
    const lines = await eventually(() => {
      const refusal = logLines.slice(before).filter((line) => line.msg === 'photo upload refused');
      expect(refusal).toHaveLength(1);
      return logLines.slice(before);
    });
    expect(lines.find((line) => line.msg === 'photo upload refused')).toMatchObject({ level: 40, status: 400 });
    expect(lines.filter((line) => (line.level as number) >= 50)).toEqual([]);
    expect(JSON.stringify(lines)).not.toMatch(/"stack":|\n\s+at /);
  });
});
