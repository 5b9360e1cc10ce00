import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eventually, repoRoot } from '@nocturne/platform/testing';
import { startInProcessStack, type InProcessStack, type Member } from '../support';

// Block and report from the deck's detail sheet: people seen on the deck, not matches, over GraphQL
// through the whole embedded stack; the reports land in the chat service's list for moderation.
let stack: InProcessStack;

beforeAll(async () => {
  stack = await startInProcessStack('deck-safety', { env: { SWIPE_WINDOW: 'always' } });
}, 60_000);

afterAll(() => stack?.stop());

jest.setTimeout(60_000);

type GraphQLError = { message: string; extensions?: { code?: string; field?: string } };
type Answer = { data?: Record<string, unknown> | null; errors?: GraphQLError[] };
const graphql = async (who: Member | null, query: string, variables: Record<string, unknown> = {}) => (await (who ?? stack.client()).graphql(query, variables)).body as Answer;

const REPORT = 'mutation Report($input: ReportProfileInput!) { reportProfile(input: $input) }';
const report = (who: Member, input: { userId: number; reason: string; text?: string }) => graphql(who, REPORT, { input });
const deckIds = async (who: Member, restart = false) => {
  const answer = await graphql(who, 'query Deck($restart: Boolean) { deck(limit: 50, restart: $restart) { cards { user { id } } } }', { restart });
  expect(answer.errors).toBeUndefined();
  return (answer.data!.deck as { cards: Array<{ user: { id: number } }> }).cards.map((card) => card.user.id);
};
/** Someone on the deck of `viewer`: onboarded, near Berlin, and known to the swipe service. */
async function seenBy(viewer: Member, gender = 'Male'): Promise<Member> {
  const other = await stack.member({ gender });
  await eventually(async () => expect(await deckIds(viewer)).toContain(other.id));
  return other;
}

/** The chat service's open reports as `npm run reports:open` lists them, read from a copy of the data directory. */
async function openReports(): Promise<string> {
  const copy = mkdtempSync(path.join(tmpdir(), 'nocturne-deck-safety-reports-'));
  try {
    cpSync(stack.dataDir, copy, { recursive: true });
    const tool = path.join(repoRoot, 'services', 'chat', 'dist', 'tools', 'openReports.js');
    const { stdout } = await promisify(execFile)(process.execPath, [tool], { env: { PATH: process.env.PATH ?? '', KAFKA_BROKERS: '', MONGODB_URI: '', REDIS_URL: '', NOCTURNE_DATA_DIR: copy } });
    return stdout;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

describe('reporting a profile seen on the deck', () => {
  it('files the report with the chat service, listed for moderation beside match reports with its source and text; the person stays on the deck', async () => {
    const me = await stack.member();
    const them = await seenBy(me);
    const answer = await report(me, { userId: them.id, reason: 'fake-profile', text: '  Photos of a film star  ' });
    expect(answer).toEqual({ data: { reportProfile: true } });
    // A report hides nobody: blocking is its own act.
    expect(await deckIds(me)).toContain(them.id);
    expect(await deckIds(them)).toContain(me.id);

    const listed = await openReports();
    expect(listed).toContain(`user ${me.id} reported user ${them.id} for fake-profile, from the deck`);
    expect(listed).toContain('"Photos of a film star"');
  });

  it('refuses unknown, erased, blocked (either way) and not yet onboarded people with one answer, and the reporter themselves as bad input', async () => {
    const me = await stack.member();
    const [blockedByMe, blockingMe, leaving] = [await seenBy(me), await seenBy(me), await seenBy(me)];
    const notOnboarded = await stack.signUpWithProfile();
    expect((await graphql(me, 'mutation ($id: Int!) { block(userId: $id) }', { id: blockedByMe.id })).errors).toBeUndefined();
    expect((await graphql(blockingMe, 'mutation ($id: Int!) { block(userId: $id) }', { id: me.id })).errors).toBeUndefined();
    const deleted = await leaving.delete('/api/account').set('Content-Type', 'application/json').send('{}');
    expect(deleted.status).toBe(200);

    const unknown = await report(me, { userId: 999_999, reason: 'spam' });
    expect(unknown.errors).toEqual([expect.objectContaining({ message: 'This person is no longer here', extensions: expect.objectContaining({ code: 'NOT_FOUND' }) })]);
    for (const hidden of [blockedByMe, blockingMe, leaving, notOnboarded]) {
      const answer = await report(me, { userId: hidden.id, reason: 'spam' });
      expect({ data: answer.data, errors: answer.errors?.map(({ message, extensions }) => ({ message, code: extensions?.code })) }).toEqual({
        data: unknown.data,
        errors: unknown.errors?.map(({ message, extensions }) => ({ message, code: extensions?.code })),
      });
    }

    const self = await report(me, { userId: me.id, reason: 'spam' });
    expect(self.errors?.[0]).toMatchObject({ message: "You can't report yourself", extensions: { code: 'BAD_USER_INPUT', field: 'userId' } });
    expect(await openReports()).not.toContain(`user ${me.id} reported`);
  });

  it('answers a bad reason or a text over 1,000 characters with 400 naming the field (REST) or BAD_USER_INPUT (GraphQL), and stores nothing', async () => {
    const me = await stack.member();
    const them = await seenBy(me);
    const badReason = await me.post('/api/profile-reports', { userId: them.id, reason: 'boring' });
    expect([badReason.status, badReason.body]).toEqual([400, { error: 'Choose a reason for the report', field: 'reason' }]);
    const longText = await me.post('/api/profile-reports', { userId: them.id, reason: 'other', text: 'x'.repeat(1001) });
    expect([longText.status, longText.body]).toEqual([400, { error: "The report's text must be at most 1000 characters", field: 'text' }]);
    const overGraphQL = await report(me, { userId: them.id, reason: 'other', text: 'x'.repeat(1001) });
    expect(overGraphQL.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'text' } });
    expect((await report(me, { userId: them.id, reason: 'boring' })).errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'reason' } });
    expect(await openReports()).not.toContain(`user ${me.id} reported`);

    // The same rules over REST: unknown is 404, a good report 201.
    expect((await me.post('/api/profile-reports', { userId: 999_999, reason: 'spam' })).status).toBe(404);
    expect((await stack.client().post('/api/profile-reports', { userId: them.id, reason: 'spam' })).status).toBe(401);
    const filed = await me.post('/api/profile-reports', { userId: them.id, reason: 'underage' });
    expect([filed.status, filed.body]).toEqual([201, { reported: true }]);
  });

  it('limits reports per person and hour: past 20, RATE_LIMITED, and nothing more is filed', async () => {
    const me = await stack.member();
    const them = await seenBy(me);
    for (let i = 0; i < 20; i += 1) expect((await report(me, { userId: them.id, reason: 'spam' })).errors).toBeUndefined();
    const refused = await me.graphql(REPORT, { input: { userId: them.id, reason: 'spam' } });
    expect(refused.body.errors[0].extensions).toMatchObject({ code: 'RATE_LIMITED' });
    const listed = (await openReports()).split('\n').filter((line) => line.includes(`user ${me.id} reported user ${them.id}`));
    expect(listed).toHaveLength(20);
  });
});

describe('blocking a profile seen on the deck', () => {
  it('takes the two off each other’s decks for good, restart included; yourself is bad input and an unknown id NOT_FOUND', async () => {
    const me = await stack.member();
    const them = await seenBy(me);
    const block = (id: number) => graphql(me, 'mutation ($id: Int!) { block(userId: $id) }', { id });
    expect((await block(me.id)).errors?.[0]).toMatchObject({ message: "You can't block yourself", extensions: { code: 'BAD_USER_INPUT', field: 'userId' } });
    expect((await block(999_999)).errors?.[0]).toMatchObject({ message: 'This person is no longer here', extensions: { code: 'NOT_FOUND' } });

    expect(await block(them.id)).toEqual({ data: { block: true } });
    expect(await deckIds(me)).not.toContain(them.id);
    expect(await deckIds(me, true)).not.toContain(them.id);
    expect(await deckIds(them)).not.toContain(me.id);
    expect(await deckIds(them, true)).not.toContain(me.id);
  });
});
