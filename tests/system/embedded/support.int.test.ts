import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '@nocturne/platform/testing';
import { startInProcessStack, type InProcessStack, type Member } from '../support';

// Contact support (Settings): everyone may write; the requests land in `npm run support:open` with the
// paying plans' (Plus, Max: prioritySupport) first, whenever they were written.
let stack: InProcessStack;
beforeAll(async () => {
  stack = await startInProcessStack('support');
}, 60_000);
afterAll(() => stack?.stop());
jest.setTimeout(60_000);

/** The open support requests as `npm run support:open` lists them, read from a copy of the data directory. */
async function openSupportRequests(): Promise<string> {
  const copy = mkdtempSync(path.join(tmpdir(), 'nocturne-support-requests-'));
  try {
    cpSync(stack.dataDir, copy, { recursive: true });
    const tool = path.join(repoRoot, 'services', 'chat', 'dist', 'tools', 'openSupportRequests.js');
    const { stdout } = await promisify(execFile)(process.execPath, [tool], { env: { PATH: process.env.PATH ?? '', KAFKA_BROKERS: '', MONGODB_URI: '', REDIS_URL: '', NOCTURNE_DATA_DIR: copy } });
    return stdout;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

const contact = (member: Member | null, body: object) => (member ?? stack.client()).post('/api/support', body);

describe('contact support', () => {
  it("takes everyone's request and lists Plus and Max members' first, with their words", async () => {
    const free = await stack.member();
    const plus = await stack.member();
    const max = await stack.member();
    expect((await plus.post('/api/plan', { plan: 'plus', billing: 'weekly' })).status).toBe(200);
    expect((await max.post('/api/plan', { plan: 'max', billing: 'monthly' })).status).toBe(200);

    const fromFree = await contact(free, { subject: '  Photo upload  ', message: 'My second photo never appears on my card.' });
    expect([fromFree.status, fromFree.body]).toEqual([201, { received: true, priority: false }]);
    const fromPlus = await contact(plus, { subject: 'Billing', message: 'I was charged twice this week.' });
    expect([fromPlus.status, fromPlus.body]).toEqual([201, { received: true, priority: true }]);
    const overGraphQL = await plus.graphql('mutation ($input: SupportRequestInput!) { contactSupport(input: $input) { received priority } }', { input: { subject: 'Boosts', message: 'Where do I see my boosts?' } });
    expect(overGraphQL.body).toEqual({ data: { contactSupport: { received: true, priority: true } } });
    expect((await contact(max, { subject: 'Filters', message: 'The kink filter forgets my choice.' })).body).toEqual({ received: true, priority: true });

    const listed = await openSupportRequests();
    const lineOf = (text: string) => listed.split('\n').findIndex((line) => line.includes(text));
    const [freeAt, plusAt, maxAt] = [lineOf(`user ${free.id} (free)`), lineOf(`user ${plus.id} (plus)`), lineOf(`user ${max.id} (max)`)];
    expect([freeAt, plusAt, maxAt].every((at) => at >= 0)).toBe(true);
    // Written last, still before the free member's.
    expect(maxAt).toBeLessThan(freeAt);
    expect(plusAt).toBeLessThan(freeAt);
    expect(listed.split('\n')[plusAt]).toContain('PRIORITY');
    expect(listed.split('\n')[freeAt]).toContain('standard');
    expect(listed).toContain('    Photo upload\n    "My second photo never appears on my card."');
  });

  it('refuses a short or long subject or message with the field and a clear message, and files nothing', async () => {
    const member = await stack.member();
    const cases: Array<[object, string, string]> = [
      [{ subject: 'Hi', message: 'Something is wrong with my card.' }, 'subject', 'Subject must be 3 to 120 characters'],
      [{ subject: 'x'.repeat(121), message: 'Something is wrong with my card.' }, 'subject', 'Subject must be 3 to 120 characters'],
      [{ subject: 'Card', message: '   help   ' }, 'message', 'Message must be 10 to 2000 characters'],
      [{ subject: 'Card', message: 'x'.repeat(2001) }, 'message', 'Message must be 10 to 2000 characters'],
      [{ subject: 'Card' }, 'message', 'Message must be 10 to 2000 characters'],
    ];
    for (const [body, field, error] of cases) {
      const res = await contact(member, body);
      expect({ body, status: res.status, answer: res.body }).toEqual({ body, status: 400, answer: { error, field } });
    }
    const overGraphQL = await member.graphql('mutation { contactSupport(input: { subject: "Hi", message: "Something is wrong." }) { priority } }');
    expect(overGraphQL.body.errors?.[0]).toMatchObject({ message: 'Subject must be 3 to 120 characters', extensions: { code: 'BAD_USER_INPUT', field: 'subject' } });
    expect(await openSupportRequests()).not.toContain(`user ${member.id} (`);
    expect((await contact(null, { subject: 'Card', message: 'Something is wrong with my card.' })).status).toBe(401);
  });

  it('takes at most 5 requests a person an hour', async () => {
    const member = await stack.member();
    for (let index = 0; index < 5; index += 1) expect((await contact(member, { subject: `Question ${index}`, message: 'A question about my profile.' })).status).toBe(201);
    const sixth = await contact(member, { subject: 'Question 6', message: 'A question about my profile.' });
    expect(sixth.status).toBe(429);
    expect(sixth.headers['retry-after']).toBeDefined();
  });
});
