import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eventually } from '@nocturne/platform/testing';
import { startInProcessStack, type InProcessStack, type Member } from '../support';

// Voice intros: up to 30 seconds recorded in the browser, checked by content (WebM or Ogg and their own
// timestamps), served to exactly the people who may see the person's photos, removed with the account.
let stack: InProcessStack;
beforeAll(async () => {
  stack = await startInProcessStack('voice-intro');
}, 60_000);
afterAll(() => stack?.stop());
jest.setTimeout(60_000);

/** A WebM as MediaRecorder writes it (segment and clusters of unknown size), lasting `seconds`. */
function recording(seconds: number, padding = 0): Buffer {
  const UNKNOWN = [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];
  const element = (id: number[], body: number[], size?: number[]) => [...id, ...(size ?? [0x80 | body.length]), ...body];
  const block = (relative: number) => element([0xa3], [0x81, (relative >> 8) & 0xff, relative & 0xff, 0x80, 1, 2, 3]);
  const clusters: number[] = [];
  for (let second = 0; second < seconds; second += 1) {
    const at = second * 1000;
    clusters.push(...element([0x1f, 0x43, 0xb6, 0x75], [...element([0xe7], [(at >> 16) & 0xff, (at >> 8) & 0xff, at & 0xff]), ...block(0), ...block(980)], UNKNOWN));
  }
  const header = element([0x1a, 0x45, 0xdf, 0xa3], []);
  const info = element([0x15, 0x49, 0xa9, 0x66], element([0x2a, 0xd7, 0xb1], [0x0f, 0x42, 0x40]));
  return Buffer.concat([Buffer.from([...header, 0x18, 0x53, 0x80, 0x67, ...UNKNOWN, ...info, ...clusters]), Buffer.alloc(padding)]);
}

const upload = (member: Member, file: Buffer, name = 'intro.webm') => member.post('/api/voice-intros').attach('voiceIntro', file, name);
const ownIntro = async (member: Member) => (await member.graphql('{ me { voiceIntro { url durationSeconds } } }')).body.data.me.voiceIntro as { url: string; durationSeconds: number } | null;
const storedRecordings = (): string[] => {
  const dir = path.join(stack.dataDir, 'profile', 'blobs', 'voice');
  return existsSync(dir) ? readdirSync(dir).map((name) => path.join(dir, name)) : [];
};

describe('voice intros', () => {
  it('are kept and served like photos: to their owner and to members who may see them, to nobody else', async () => {
    const owner = await stack.member();
    const viewer = await stack.member();
    const blocked = await stack.member();
    const notOnboarded = await stack.signUpWithProfile();
    const file = recording(12);

    const res = await upload(owner, file);
    expect(res.status).toBe(201);
    const { url, durationSeconds } = res.body.voiceIntro;
    expect([url, durationSeconds]).toEqual([expect.stringMatching(/^\/api\/voice-intros\/[a-f0-9]{32}$/), 12]);
    expect(await ownIntro(owner)).toEqual({ url, durationSeconds: 12 });

    const heard = await viewer.get(url).buffer(true);
    expect([heard.status, heard.headers['content-type'], heard.headers['x-content-type-options']]).toEqual([200, 'audio/webm', 'nosniff']);
    expect(Buffer.compare(heard.body as Buffer, file)).toBe(0);
    expect((await owner.get(url)).status).toBe(200);
    // Others read it on the person wherever the person is shown (here: the deck).
    await eventually(async () => {
      const deck = await viewer.graphql('{ deck(limit: 50) { cards { user { id voiceIntro { url } } } } }');
      expect(deck.body.data.deck.cards.find((card: { user: { id: number } }) => card.user.id === owner.id)?.user.voiceIntro).toEqual({ url });
    });

    expect((await blocked.graphql('mutation ($userId: Int!) { block(userId: $userId) }', { userId: owner.id })).body.errors).toBeUndefined();
    for (const stranger of [blocked, notOnboarded]) expect((await stranger.get(url)).status).toBe(404);
    expect((await stack.client().get(url)).status).toBe(401);
  });

  it('refuses what is not a recording, one over 30 seconds or over 1 MB, with a clear error, and keeps the one before', async () => {
    const owner = await stack.member();
    const first = await upload(owner, recording(5));
    expect(first.status).toBe(201);

    const cases: Array<[Buffer, number, string]> = [
      [Buffer.from('ID3\u0004 an mp3 in disguise'), 400, 'The voice intro must be a WebM or Ogg recording'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 400, 'The voice intro must be a WebM or Ogg recording'],
      [recording(32), 400, 'The voice intro must be at most 30 seconds'],
      [recording(3, 1024 * 1024), 413, 'The voice intro must be at most 1 MB'],
    ];
    for (const [file, status, error] of cases) {
      const res = await upload(owner, file);
      expect({ status: res.status, error: res.body.error }).toEqual({ status, error });
    }
    expect(await ownIntro(owner)).toEqual(first.body.voiceIntro);
  });

  it('a new recording replaces the old, removing one deletes it, and deleting the account deletes it', async () => {
    const owner = await stack.member();
    const viewer = await stack.member();
    const old = (await upload(owner, recording(4))).body.voiceIntro.url as string;
    const before = new Set(storedRecordings());
    const replaced = (await upload(owner, recording(9))).body.voiceIntro;
    expect(replaced.durationSeconds).toBe(9);
    expect((await viewer.get(old)).status).toBe(404);
    expect((await viewer.get(replaced.url)).status).toBe(200);
    const [file] = storedRecordings().filter((name) => !before.has(name));

    const removed = await owner.graphql('mutation { removeVoiceIntro { voiceIntro { url } } }');
    expect(removed.body).toEqual({ data: { removeVoiceIntro: { voiceIntro: null } } });
    expect((await viewer.get(replaced.url)).status).toBe(404);
    expect(existsSync(file!)).toBe(false);
    expect((await owner.graphql('mutation { removeVoiceIntro { id } }')).body.errors?.[0]).toMatchObject({ message: 'Voice intro not found', extensions: { code: 'NOT_FOUND' } });

    const again = (await upload(owner, recording(6))).body.voiceIntro.url as string;
    const stored = new Set(storedRecordings());
    expect((await owner.delete('/api/account').set('Content-Type', 'application/json').send('{}')).status).toBe(200);
    expect((await viewer.get(again)).status).toBe(404);
    await eventually(async () => expect(storedRecordings().filter((name) => stored.has(name) && !before.has(name))).toEqual([]));
  });
});
