import { expect, request as playwrightRequest, type APIRequestContext, type APIResponse, type Browser, type BrowserContext } from '@playwright/test';
import { snapToGrid } from '@nocturne/contracts';
import sharp from 'sharp';
import { newPerson } from './support';

/**
 * People made through the REST API, exactly as the client makes them (sign-up, a photo upload,
 * onboarding, a location, the browser's time zone), so the deck has someone to show.
 */

export interface Seeded {
  id: number;
  username: string;
  password: string;
  name: string;
  api: APIRequestContext;
}

export interface SeedOptions {
  name?: string;
  age?: number;
  gender?: 'Male' | 'Female' | 'Other';
  kinks?: string[];
  interests?: string[];
  bio?: string;
  position?: { latitude: number; longitude: number };
  timeZone?: string;
  /** Hue of the generated photo, so screenshots tell people apart. */
  hue?: number;
  /** How many photos to upload (0: none, the deck shows the generated avatar). */
  photos?: number;
  /** Another stack than the journey's (a spec that runs its own, on a clock it moves). */
  base?: string;
}

export const baseUrl = () => `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8181)}`;

async function photo(hue: number): Promise<Buffer> {
  const r = Math.round(128 + 100 * Math.sin(hue));
  const g = Math.round(60 + 50 * Math.sin(hue + 2));
  const b = Math.round(140 + 100 * Math.sin(hue + 4));
  return sharp({ create: { width: 480, height: 600, channels: 3, background: { r, g, b } } })
    .composite([{ input: Buffer.from(`<svg width="480" height="600"><circle cx="240" cy="230" r="120" fill="rgba(255,255,255,0.35)"/></svg>`) }])
    .jpeg({ quality: 80 })
    .toBuffer();
}

const ok = async (response: APIResponse, what: string): Promise<APIResponse> => {
  expect(response.ok(), `${what}: ${response.status()} ${await response.text()}`).toBe(true);
  return response;
};

export async function seedPerson(options: SeedOptions = {}): Promise<Seeded> {
  const base = options.base ?? baseUrl();
  const person = newPerson({ prefix: 'seed' });
  const name = options.name ?? 'Night Owl';
  const api = await playwrightRequest.newContext({ baseURL: base, extraHTTPHeaders: { Origin: base } });
  const signUp = await ok(
    await api.post('/api/auth/signup', { data: { username: person.username, email: person.email, password: person.password, name, age: options.age ?? 30 } }),
    'sign-up',
  );
  const id = ((await signUp.json()) as { user: { id: number } }).user.id;
  let photos: string[] = [];
  for (let i = 0; i < (options.photos ?? 1); i++) {
    const upload = await ok(
      await api.post('/api/photos', { multipart: { photos: { name: `me${i}.jpg`, mimeType: 'image/jpeg', buffer: await photo((options.hue ?? id) + i * 2) } } }),
      'photo upload',
    );
    photos = ((await upload.json()) as { photos: Array<{ url: string }> }).photos.map((p) => p.url);
  }
  await ok(
    await api.patch(`/api/user/${id}`, {
      data: { gender: options.gender ?? 'Female', photos, kinks: options.kinks ?? ['Rope Play'], interests: options.interests ?? ['Art'], bio: options.bio ?? `${name} after dark.` },
    }),
    'onboarding',
  );
  if (options.position) {
    const { latitude, longitude } = options.position;
    await ok(await api.patch(`/api/users/${id}/location`, { data: { latitude, longitude, location: `${latitude}, ${longitude}` } }), 'location');
  }
  if (options.timeZone) await setTimeZone(api, options.timeZone);
  return { id, username: person.username, password: person.password, name, api };
}

/** Many people at once, a few at a time (the stack is shared by every test). */
export async function seedPeople(count: number, options: (index: number) => SeedOptions): Promise<Seeded[]> {
  const people: Seeded[] = [];
  for (let start = 0; start < count; start += 4) {
    const batch = Array.from({ length: Math.min(4, count - start) }, (_, i) => seedPerson(options(start + i)));
    people.push(...(await Promise.all(batch)));
  }
  return people;
}

/** A place of its own for each test, far from everyone else's, so its deck holds only its own people. */
export function remotePlace(): { latitude: number; longitude: number } {
  // The centre of a cell of the grid every position is snapped to, so that a person `near(place, n)` is
  // shown exactly n km away: from anywhere else in the cell, n km north can cross one row more.
  const { latitude, longitude } = snapToGrid(-50 + Math.random() * 100, -170 + Math.random() * 340);
  return { latitude, longitude };
}

/** `km` north of `place` (whole km on the grid when `place` is a remotePlace()). */
export const near = (place: { latitude: number; longitude: number }, km: number) => ({ latitude: place.latitude + km * (180 / (Math.PI * 6371)), longitude: place.longitude });

export async function setTimeZone(api: APIRequestContext, zone: string) {
  await ok(await api.post('/graphql', { data: { query: 'mutation($zone: String!) { setTimeZone(zone: $zone) { id } }', variables: { zone } } }), 'time zone');
  // The swipe service learns the zone from the profile's event: wait until it follows it.
  // On the real servers a freshly started swipe service may still be reading the topics' history.
  await expect.poll(async () => (await (await api.get('/api/swipe-window')).json()).timeZone, { message: `the swipe window follows ${zone}`, timeout: 60_000 }).toBe(zone);
}

/**
 * An Etc/GMT zone in which the local hour is now `hour` (Etc/GMT-N is N hours ahead of UTC). Tests pick
 * the night (or the day) through the person's zone, since the server follows each person's own clock.
 */
export function zoneWhereHourIs(hour: number, now = new Date()): string {
  let offset = (hour - now.getUTCHours() + 24) % 24;
  if (offset > 14) offset -= 24;
  if (offset === 0) return 'Etc/GMT';
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

/** A browser context whose clock shows `hour` o'clock, signed in as nobody yet. */
export async function contextAtHour(browser: Browser, hour: number, options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, ...options, timezoneId: zoneWhereHourIs(hour), baseURL: baseUrl() });
}

/** Two people who liked each other; answers the match id. */
export async function matched(a: Seeded, b: Seeded): Promise<number> {
  const like = (from: Seeded, to: Seeded) => from.api.post('/api/swipes', { data: { swiperId: from.id, swipedId: to.id, isLike: true } });
  await expect.poll(async () => (await like(a, b)).status(), { timeout: 30_000 }).toBe(200);
  let matchId = 0;
  await expect
    .poll(
      async () => {
        const body = (await (await like(b, a)).json()) as { isMatch?: boolean; matchId?: number };
        matchId = body.matchId ?? 0;
        return body.isMatch;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  // The chat service opens the conversation when it hears of the match.
  await expect.poll(async () => (await a.api.get(`/api/messages?matchId=${matchId}`)).status(), { timeout: 30_000 }).toBe(200);
  return matchId;
}
