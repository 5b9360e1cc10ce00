import { Interests, Kinks, type Gender } from '@nocturne/contracts';

/**
 * The demo night owls: about sixty made-up people around one city, always the same ones (the same
 * usernames, ages, positions...), so a restart finds them again instead of making new ones.
 */
export interface OwlProfile {
  /** 0-based; fixes everything else. */
  index: number;
  username: string;
  email: string;
  name: string;
  age: number;
  gender: Gender;
  bio: string;
  kinks: string[];
  interests: string[];
  /** Exact position: it goes to the profile service like a browser's, which shows others only a distance. */
  latitude: number;
  longitude: number;
  /** The place text others see on the card (and the city filter matches). */
  city: string;
  timeZone: string;
  /** Likes back whoever likes them, so someone trying the app alone gets matches. */
  likesBack: boolean;
  /** Online during its night and answers messages (a few of those who like back), so the chat can be felt. */
  chatsBack: boolean;
  /** Generated photos to upload (1 or 2). */
  photoCount: number;
  /** 0..359: the colour of their sky. */
  hue: number;
}

export const OWL_CITY = { name: 'Berlin', latitude: 52.52, longitude: 13.405, timeZone: 'Europe/Berlin', radiusKm: 25 } as const;

/** One owl in this many likes back. */
export const LIKES_BACK_ONE_IN = 3;
/** One owl in this many likes back and chats: about ten of the sixty. */
export const CHATS_BACK_ONE_IN = 6;

const NAMES: ReadonlyArray<readonly [string, Gender]> = [
  ['Luna', 'Female'], ['Orion', 'Male'], ['Sky', 'Other'], ['Selene', 'Female'], ['Felix', 'Male'], ['Nyx', 'Female'],
  ['Jonas', 'Male'], ['Robin', 'Other'], ['Stella', 'Female'], ['Rafael', 'Male'], ['Aurora', 'Female'], ['Milo', 'Male'],
  ['Ash', 'Other'], ['Vesper', 'Female'], ['Leon', 'Male'], ['Noor', 'Female'], ['Kai', 'Male'], ['Noa', 'Other'],
  ['Leila', 'Female'], ['Dorian', 'Male'], ['Mara', 'Female'], ['Marek', 'Male'], ['Remy', 'Other'], ['Iris', 'Female'],
  ['Elias', 'Male'], ['Celeste', 'Female'], ['Tariq', 'Male'], ['Sasha', 'Other'], ['Maya', 'Female'], ['Mateo', 'Male'],
  ['Nova', 'Female'], ['Nico', 'Male'], ['Quinn', 'Other'], ['Lyra', 'Female'], ['Anton', 'Male'], ['Zara', 'Female'],
  ['Silas', 'Male'], ['Jules', 'Other'], ['Ines', 'Female'], ['Jasper', 'Male'], ['Elif', 'Female'], ['Emil', 'Male'],
  ['River', 'Other'], ['Sofia', 'Female'], ['Theo', 'Male'], ['Mila', 'Female'], ['Lukas', 'Male'], ['Alex', 'Other'],
  ['Hana', 'Female'], ['Idris', 'Male'], ['Freya', 'Female'], ['Bruno', 'Male'], ['Ruby', 'Female'], ['Caspian', 'Male'],
  ['Carmen', 'Female'], ['Arlo', 'Male'], ['Yara', 'Female'], ['Ezra', 'Male'], ['Esme', 'Female'], ['Darian', 'Male'],
];

const OPENERS = [
  'Night shift nurse by day, stargazer by night.',
  'I do my best thinking after midnight.',
  'Bartender who knows every rooftop in town.',
  'Vinyl collector, late-night ramen expert.',
  'Astronomy nerd: ask me about the Pleiades.',
  'Sound engineer; my ears come alive after dark.',
  'Night bus philosopher and amateur poet.',
  'I paint under a desk lamp until the birds wake up.',
  'Baker: my day starts when yours ends.',
  'Jazz bars, dim lights, long conversations.',
  'Photographer chasing neon reflections in the rain.',
  'Coder who ships best at 2 AM.',
  'Moonlit runs along the river are my therapy.',
  'Part-time DJ, full-time insomniac.',
  'Tattoo artist with a soft spot for bad horror films.',
];

const CLOSERS = [
  'Looking for someone to share the quiet hours with.',
  'Tell me your favourite constellation.',
  'Bonus points if you know a good midnight snack spot.',
  'Respect, curiosity and good communication first.',
  'Let us find out if the stars align.',
  'Coffee at midnight? Or tea, I am not picky.',
  'Slow burn over fast talk.',
  'Honesty is the hottest thing you can wear.',
];

/** A small deterministic generator (mulberry32): the same seed gives the same owl on every machine. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pickSome<T>(from: readonly T[], count: number, next: () => number): T[] {
  const pool = [...from];
  const picked: T[] = [];
  while (picked.length < count && pool.length > 0) picked.push(pool.splice(Math.floor(next() * pool.length), 1)[0]!);
  return picked;
}

const KM_PER_DEGREE = 111.195;

/** A point spread evenly over a disc of `radiusKm` around the city. */
function positionNear(next: () => number, radiusKm: number): { latitude: number; longitude: number } {
  const distance = radiusKm * Math.sqrt(next());
  const bearing = next() * 2 * Math.PI;
  const latitude = OWL_CITY.latitude + (distance * Math.cos(bearing)) / KM_PER_DEGREE;
  const longitude = OWL_CITY.longitude + (distance * Math.sin(bearing)) / (KM_PER_DEGREE * Math.cos((OWL_CITY.latitude * Math.PI) / 180));
  const round = (value: number) => Math.round(value * 1e5) / 1e5;
  return { latitude: round(latitude), longitude: round(longitude) };
}

export const OWL_COUNT = NAMES.length;

export function owlProfile(index: number): OwlProfile {
  const entry = NAMES[index];
  if (!entry) throw new RangeError(`there are ${OWL_COUNT} night owls, not ${index + 1}`);
  const [name, gender] = entry;
  const next = random(0x0dd0 + index * 7919);
  const handle = name.toLowerCase();
  return {
    index,
    username: `${handle}_owl`,
    email: `${handle}.owl@night-owls.nocturne.test`,
    name,
    age: 21 + Math.floor(next() * 35),
    gender,
    bio: `${OPENERS[Math.floor(next() * OPENERS.length)]} ${CLOSERS[Math.floor(next() * CLOSERS.length)]}`,
    kinks: pickSome(Kinks, 2 + Math.floor(next() * 4), next),
    interests: pickSome(Interests, 2 + Math.floor(next() * 4), next),
    ...positionNear(next, OWL_CITY.radiusKm),
    city: OWL_CITY.name,
    timeZone: OWL_CITY.timeZone,
    likesBack: index % LIKES_BACK_ONE_IN === 0,
    chatsBack: index % CHATS_BACK_ONE_IN === 0,
    photoCount: 1 + (index % 2),
    hue: Math.floor(next() * 360),
  };
}

/** Every demo owl, in a fixed order. */
export const nightOwlProfiles = (count: number = OWL_COUNT): OwlProfile[] => Array.from({ length: Math.min(count, OWL_COUNT) }, (_, index) => owlProfile(index));
