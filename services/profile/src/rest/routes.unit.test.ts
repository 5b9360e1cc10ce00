import type { CurrentUserData } from '@nocturne/contracts/api';
import { HttpError, type ExecuteOperation } from '@nocturne/platform/rest';
import { profileRoutes } from './routes';

const updateProfile = profileRoutes.find((route) => route.operationId === 'updateProfile')!;
const session = { session: { userId: 7 } as never, clientIp: '203.0.113.1' };
const edit = { name: 'Selene', age: 33, bio: 'Night owl', gender: 'Female', kinks: [], interests: ['Astronomy'] };

const before: CurrentUserData = {
  id: 7, username: 'selene', email: 'selene@example.test', name: 'Luna', age: 32, createdAt: '2026-11-01T20:00:00.000Z',
  gender: 'Female', bio: null, photos: [], avatarUrl: '/api/avatars/7', kinks: [], interests: [], nightOwlScore: 50, isOnline: true, lastSeen: null,
  location: null, latitude: null, longitude: null, isVerified: false, onboardingCompleted: true, notificationPreferences: null, timeZone: 'Europe/Berlin', stats: { likes: 2, matches: 1 },
  publicCity: null, discovery: { visible: true, missing: null },
} as CurrentUserData;

/** A supergraph stand-in: answers by operation, records what ran. */
function supergraph(answers: { me: () => unknown; update: () => unknown }) {
  const ran: string[] = [];
  const execute: ExecuteOperation = async <T,>(document: string) => {
    const name = /(query|mutation) (\w+)/.exec(document)![2]!;
    ran.push(name);
    if (name === 'UpdateProfile') return answers.update() as T;
    return answers.me() as T;
  };
  return { execute, ran };
}

describe('PUT /api/profile: one request, one owner', () => {
  it('writes once, to the profile service, with the name and age in the same mutation', async () => {
    let shown = before;
    const graph = supergraph({ me: () => ({ me: shown }), update: () => ((shown = { ...before, name: 'Selene', age: 33 }), { updateProfile: { bio: 'Night owl' } }) });
    const result = await updateProfile.handle({ input: edit, execute: graph.execute, context: session });
    expect(graph.ran.filter((name) => name === 'UpdateProfile')).toHaveLength(1);
    expect(graph.ran).not.toContain('UpdateAccountDetails');
    expect((result.body as { user: { name: string; age: number; bio: string; username: string } }).user).toMatchObject({ name: 'Selene', age: 33, bio: 'Night owl', username: 'selene' });
  });

  it('answers what was accepted when the account cannot be read after the write (auth away): the edit is kept, so no error', async () => {
    let writes = 0;
    const graph = supergraph({
      me: () => {
        if (writes > 0) throw new HttpError(503, 'Nocturne is briefly unavailable. Please try again in a few seconds.');
        return { me: before };
      },
      update: () => ((writes += 1), { updateProfile: { bio: 'Night owl' } }),
    });
    const result = await updateProfile.handle({ input: edit, execute: graph.execute, context: session });
    expect(writes).toBe(1);
    expect((result.body as { user: { name: string; age: number } }).user).toMatchObject({ name: 'Selene', age: 33 });
  });

  it('writes nothing when what it must show cannot be read first', async () => {
    const graph = supergraph({
      me: () => {
        throw new HttpError(503, 'Nocturne is briefly unavailable. Please try again in a few seconds.');
      },
      update: () => ({ updateProfile: {} }),
    });
    await expect(updateProfile.handle({ input: edit, execute: graph.execute, context: session })).rejects.toMatchObject({ status: 503 });
    expect(graph.ran).not.toContain('UpdateProfile');
  });

});
