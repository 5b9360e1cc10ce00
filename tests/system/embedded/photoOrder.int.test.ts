import sharp from 'sharp';
import { eventually } from '@nocturne/platform/testing';
import { startInProcessStack, type InProcessStack, type Member } from '../support';

// PUT /api/profile/photos (and the GraphQL arrangePhotos): the person's own photos in a new order, the
// first being the main photo, kept by the profile service and shown to others in that order.
let stack: InProcessStack;
beforeAll(async () => {
  stack = await startInProcessStack('photo-order');
});
afterAll(() => stack.stop());

type PublicPhoto = { id: string; url: string; thumbnailUrl: string };

async function withPhotos(member: Member, count: number): Promise<PublicPhoto[]> {
  const req = member.post('/api/photos');
  for (let index = 0; index < count; index += 1) {
    req.attach('photos', await sharp({ create: { width: 64, height: 48, channels: 3, background: `#3${index}2050` } }).jpeg().toBuffer(), `night-${index}.jpg`);
  }
  const res = await req;
  expect(res.status).toBe(201);
  return res.body.photos as PublicPhoto[];
}

const ownUser = async (member: Member) => (await member.get('/api/auth/user').expect(200)).body.user as { photos: string[]; avatarUrl: string };
const arrange = (member: Member | null, photos: unknown) => (member ?? stack.client()).put('/api/profile/photos', { photos });

describe('arranging photos', () => {
  it('keeps the new order, the first as the main photo, for its owner and for everyone who sees the card', async () => {
    const owner = await stack.member({ gender: 'Female' });
    const viewer = await stack.member({ gender: 'Male' });
    const [first, second, third] = await withPhotos(owner, 3);

    const res = await arrange(owner, [third!.id, first!.id, second!.url]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ photos: [third, first, second] });

    const own = await ownUser(owner);
    expect(own.photos).toEqual([third!.url, first!.url, second!.url]);
    expect(own.avatarUrl).toBe(third!.thumbnailUrl);
    // Others: the deck's card shows the main photo first.
    await eventually(async () => {
      const deck = await viewer.get('/api/profiles').expect(200);
      const card = (deck.body as Array<{ id: number; photos: string[] }>).find((profile) => profile.id === owner.id);
      expect(card?.photos).toEqual([third!.url, first!.url, second!.url]);
    });
  });

  it('refuses a list that is not exactly the person\'s photos, with the field and a clear message, and changes nothing', async () => {
    const owner = await stack.member();
    const other = await stack.member();
    const [first, second] = await withPhotos(owner, 2);
    const [foreign] = await withPhotos(other, 1);

    const cases: Array<[unknown, string]> = [
      [[first!.id], 'List each of your photos once, in the order to show them'],
      [[second!.id, first!.id, first!.id], 'Each photo can appear only once'],
      [[second!.id, foreign!.id], 'That photo does not belong to your profile'],
      [[second!.id, 'not-a-photo'], 'That photo does not belong to your profile'],
      ['first', 'You can add at most 6 photos'],
    ];
    for (const [photos, error] of cases) {
      const res = await arrange(owner, photos);
      expect({ photos, status: res.status, body: res.body }).toEqual({ photos, status: 400, body: { error, field: 'photos' } });
    }
    expect((await ownUser(owner)).photos).toEqual([first!.url, second!.url]);
    expect((await ownUser(other)).photos).toEqual([foreign!.url]);
  });

  it('acts only for the signed-in person: signed out is refused, and the GraphQL way has the same rules', async () => {
    const owner = await stack.member();
    const [first, second] = await withPhotos(owner, 2);
    expect((await arrange(null, [second!.id, first!.id])).status).toBe(401);

    const intruder = await stack.member();
    const stolen = await intruder.graphql('mutation { arrangePhotos(photos: ["' + second!.id + '", "' + first!.id + '"]) { id } }');
    expect(stolen.body.errors?.[0]).toMatchObject({ message: 'That photo does not belong to your profile', extensions: { code: 'BAD_USER_INPUT' } });

    const own = await owner.graphql('mutation Arrange($p: [String!]!) { arrangePhotos(photos: $p) { photos { id } avatarUrl } }', { p: [second!.id, first!.id] });
    expect(own.body.data.arrangePhotos).toEqual({ photos: [{ id: second!.id }, { id: first!.id }], avatarUrl: second!.thumbnailUrl });
    expect((await ownUser(owner)).photos).toEqual([second!.url, first!.url]);
  });
});
