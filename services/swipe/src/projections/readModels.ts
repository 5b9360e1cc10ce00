import { cityCentre, DefaultKinkVisibility, isNightTime, nextWindowOpening, publicKinks, zoneInForce, type Gender, type GenderPreference, type KinkVisibility, type PlanId, type SwipeKind } from '@nocturne/contracts';
import { ERASE, versionedRows, type VersionedRow } from '@nocturne/platform/kit';
import type { ReadModelCollection, ReadModelStore, StoredEvent } from '@nocturne/platform/ports';
import { hasErasedPersonalData } from '@nocturne/platform/privacy';
import { userIdOfCandidateStream, zoneScheduleOf, type CandidateEvent } from '../candidate/candidate';
import { awakeSpan, placeOf, type PositionSource } from '../deck/deck';
import type { MemberEvent } from '../member/member';
import type { NightEvent } from '../night/night';
import type { PairEvent } from '../pair/pair';

/** A person the deck may show: only what filtering and ordering need (the card's fields come through the graph). */
export interface CandidateRow extends VersionedRow {
  userId: number;
  age: number | null;
  gender: Gender | null;
  /** Every kink: shared kinks are marked with these, and a viewer's kink filter matches the ones they have too. */
  kinks: string[];
  /** The kinks shown to everyone: a kink filter on a kink the viewer lacks matches only these (else it would reveal a hidden one). */
  publicKinks: string[];
  kinkVisibility: KinkVisibility;
  interests: string[];
  onboarded: boolean;
  /**
   * Cell centre, for the distance box and the distance shown: the device's, else the chosen city's centre
   * (decisions.md, Discovery); null for neither, and then the person is in no one's deck.
   */
  latitude: number | null;
  longitude: number | null;
  /** Where the position comes from; rows from before cities counted have none (a position there is the device's). */
  positionFrom?: PositionSource | null;
  /** The person's own gender preference (their deck filter): mutual, so people it leaves out never see them. None stored: 'all'. */
  seeks?: GenderPreference;
  /** Lower-case city the person chose to show, for the city filter. */
  city: string | null;
  /** The same as they wrote it, for the card. */
  cityName: string | null;
  /** The zone schedule (`zoneScheduleOf`): the zone in force, and a change waiting until `nextTimeZoneFrom`. */
  timeZone: string | null;
  nextTimeZone?: string | null;
  nextTimeZoneFrom?: string | null;
  /** Random, drawn once: the order within a distance band. */
  shuffle: number;
  /** A Moon-Boost: first in nearby decks until then (ISO 8601), counted under `boostId`. */
  boostedUntil?: string | null;
  boostId?: string | null;
  /** Awake tonight (`awakeSpan`): first within their distance band between these two instants. */
  awakeFrom?: string | null;
  awakeUntil?: string | null;
  /**
   * The member's plan and when it stops (`PlanChosen`), so that a swipe, which reads both people's rows,
   * need not read their member streams for the swiper's allowance and the liked person's view of likes.
   * None stored (a plan chosen before the row existed): `MemberApplication.planInForceOf` reads the stream.
   */
  plan?: PlanId;
  planExpiresAt?: string | null;
}

/** A candidate row's zone schedule. */
export const zoneScheduleOfRow = (row: Pick<CandidateRow, 'timeZone' | 'nextTimeZone' | 'nextTimeZoneFrom'>) => zoneScheduleOf({ timeZone: row.timeZone, nextTimeZone: row.nextTimeZone ?? null, nextFrom: row.nextTimeZoneFrom ?? null });

/** The latest swipe of one person on another. */
export interface SwipeRow extends VersionedRow {
  swiperId: number;
  swipedId: number;
  kind: SwipeKind;
  swipedAt: string;
  /** A like from a plan with priority likes, not yet shown first in the liked person's deck. */
  priority?: boolean;
}

export interface MatchRow extends VersionedRow {
  matchId: number;
  userIds: [number, number];
  superLikedBy: number[];
  createdAt: string;
  /** Set when it ended (a person deleted their account; unmatch and block come with chat). */
  endedAt: string | null;
}

/** How much a person did in one hour, and whether that hour was night on their clock (the night-owl score). */
export interface ActivityRow extends VersionedRow {
  userId: number;
  /** Start of the hour, ISO 8601. */
  hour: string;
  count: number;
  atNight: boolean;
}

/** `blockerId` blocked `blockedId`: both are hidden from each other. */
export interface BlockRow extends VersionedRow {
  blockerId: number;
  blockedId: number;
}

export interface SwipeCollections {
  candidates: ReadModelCollection<CandidateRow>;
  swipes: ReadModelCollection<SwipeRow>;
  matches: ReadModelCollection<MatchRow>;
  activity: ReadModelCollection<ActivityRow>;
  blocks: ReadModelCollection<BlockRow>;
}

export function swipeCollections(readModels: ReadModelStore): SwipeCollections {
  return {
    candidates: readModels.collection<CandidateRow>('candidates', {
      indexes: [{ fields: { latitude: 1, longitude: 1 } }, { fields: { onboarded: 1, gender: 1, age: 1 } }],
    }),
    swipes: readModels.collection<SwipeRow>('swipes', { indexes: [{ fields: { swiperId: 1, kind: 1 } }, { fields: { swipedId: 1, kind: 1 } }] }),
    matches: readModels.collection<MatchRow>('matches', { indexes: [{ fields: { userIds: 1 } }] }),
    activity: readModels.collection<ActivityRow>('activity', { indexes: [{ fields: { userId: 1, hour: 1 } }] }),
    blocks: readModels.collection<BlockRow>('blocks', { indexes: [{ fields: { blockerId: 1 } }, { fields: { blockedId: 1 } }] }),
  };
}

/** The row of one person's act on another (a swipe, a block): `<from>><to>`. */
const directedRowId = (fromId: number, toId: number) => `${fromId}>${toId}`;
export const swipeRowId = directedRowId;
const blockRowId = directedRowId;

/**
 * One projection of this service's own events, in global order: candidates from their streams, the
 * latest swipe per direction, and matches. An erasure removes the person's swipes and ends their
 * matches; the candidate's tombstone keeps a late swipe from bringing them back.
 */
/**
 * Raised when the projector starts keeping something from events it already projected (the kit's
 * `revision`): 2, candidates keep `seeks` from FiltersSet for the mutual gender rule, so rows projected
 * before it (which would count as 'All Genders') get the preference their owner chose; 3, they keep the
 * member's plan from PlanChosen.
 */
export const SWIPE_READ_MODELS_REVISION = 3;

export function createSwipeProjector(collections: SwipeCollections, random: () => number = Math.random) {
  const candidates = versionedRows(collections.candidates);
  const swipes = versionedRows(collections.swipes);
  const matches = versionedRows(collections.matches);
  const isErased = async (userId: number) => (await collections.candidates.get(String(userId)))?.erased === true;

  /**
   * A member event's values on the person's candidate row (the member stream comes after the candidate's:
   * a person signs in first): written when the row is live and one of them differs, so a replay writes nothing.
   */
  async function setOnCandidate(userId: number, values: Partial<Omit<CandidateRow, '_id'>>) {
    const row = await collections.candidates.get(String(userId));
    if (!row || row.erased) return;
    const differs = Object.entries(values).some(([field, value]) => (row[field as keyof CandidateRow] ?? null) !== (value ?? null));
    if (differs) await collections.candidates.update(row._id, values);
  }

  /** One more thing the person did at `at`, counted in its hour (idempotent by global position); `candidate`: their row, when already read. */
  async function countActivity(userId: number, at: string, position: number, candidate?: CandidateRow | null) {
    const hour = new Date(at);
    hour.setUTCMinutes(0, 0, 0);
    const id = `${userId}@${hour.toISOString()}`;
    if (candidate === undefined) candidate = await collections.candidates.get(String(userId));
    const timeZone = candidate ? zoneInForce(zoneScheduleOfRow(candidate), new Date(at)) : 'UTC';
    await collections.activity.incrementNewer({ _id: id, userId, hour: hour.toISOString(), atNight: isNightTime(new Date(at), timeZone), version: position }, 'count', 1);
  }

  async function applyCandidate(userId: number, event: StoredEvent & CandidateEvent) {
    await candidates.apply(String(userId), event.streamVersion, (current) => {
      const base: Omit<CandidateRow, '_id' | 'version'> = current ?? {
        userId,
        age: null,
        gender: null,
        kinks: [],
        publicKinks: [],
        kinkVisibility: DefaultKinkVisibility,
        interests: [],
        onboarded: false,
        latitude: null,
        longitude: null,
        city: null,
        cityName: null,
        timeZone: null,
        shuffle: random(),
      };
      switch (event.type) {
        case 'CandidateRegistered':
        case 'CandidateAgeChanged':
          return { ...base, age: event.data.age };
        case 'CandidateProfileChanged': {
          const { gender, kinks, interests } = event.data.profile;
          return {
            ...base,
            gender,
            kinks,
            publicKinks: publicKinks(kinks, base.kinkVisibility),
            interests,
            onboarded: base.onboarded || event.data.onboarded,
          };
        }
        // Cards take their photos from the profile subgraph: the deck keeps none.
        case 'CandidatePhotosChanged':
          return undefined;
        case 'CandidateMoved': {
          const { latitude, longitude } = event.data.location;
          return { ...base, ...placeOf({ latitude, longitude }, null) };
        }
        case 'CandidateCityChosen': {
          const city = event.data.city?.trim() || null;
          const device = devicePositionOf(base);
          return { ...base, city: city?.toLowerCase() ?? null, cityName: city, ...placeOf(device, cityCentre(city)) };
        }
        case 'CandidateKinkVisibilitySet':
          return { ...base, kinkVisibility: event.data.visibility, publicKinks: publicKinks(base.kinks, event.data.visibility) };
        case 'CandidateTimeZoneSet':
          return { ...base, timeZone: event.data.timeZone, nextTimeZone: null, nextTimeZoneFrom: null };
        case 'CandidateTimeZoneScheduled':
          return { ...base, timeZone: event.data.timeZone, nextTimeZone: event.data.nextTimeZone, nextTimeZoneFrom: event.data.nextFrom };
        case 'CandidateErased':
          return ERASE;
      }
    });
    if (event.type === 'CandidateErased') {
      await collections.swipes.deleteMany({ $or: [{ swiperId: userId }, { swipedId: userId }] });
      await collections.activity.deleteMany({ userId });
      await collections.blocks.deleteMany({ $or: [{ blockerId: userId }, { blockedId: userId }] });
      for (const match of await collections.matches.find({ userIds: userId, endedAt: null })) {
        await collections.matches.update(match._id, { endedAt: event.data.erasedAt, version: event.globalPosition });
      }
    }
  }

  return async function project(stored: StoredEvent): Promise<void> {
    const candidateId = userIdOfCandidateStream(stored.streamId);
    if (candidateId !== null) {
      // A shredded event is always followed by the erasure, which removes the row anyway.
      if (hasErasedPersonalData(stored) && stored.type !== 'CandidateErased') return;
      return applyCandidate(candidateId, stored as StoredEvent & CandidateEvent);
    }
    const event = stored as StoredEvent & (NightEvent | PairEvent | MemberEvent);
    switch (event.type) {
      case 'FiltersSet':
        return setOnCandidate(event.data.userId, { seeks: event.data.filters.gender });
      case 'PlanChosen':
        return setOnCandidate(event.data.userId, { plan: event.data.plan, planExpiresAt: event.data.expiresAt });
      case 'SwipeRecorded': {
        const { swiperId, swipedId, kind, swipedAt, priority } = event.data;
        // Both people's rows in one read: neither erased, and the swiper's zone for the activity's hour.
        const rows = await collections.candidates.getMany([String(swiperId), String(swipedId)]);
        if ([...rows.values()].some((row) => row.erased)) return;
        await swipes.put(swipeRowId(swiperId, swipedId), stored.globalPosition, { swiperId, swipedId, kind, swipedAt, ...(priority && { priority }) });
        await countActivity(swiperId, swipedAt, stored.globalPosition, rows.get(String(swiperId)) ?? null);
        return;
      }
      case 'DeckOpened': {
        const { userId, openedAt } = event.data;
        const row = await collections.candidates.get(String(userId));
        if (!row || row.erased) return;
        const at = new Date(openedAt);
        const span = awakeSpan(at, nextWindowOpening(at, zoneInForce(zoneScheduleOfRow(row), at) ?? 'UTC'));
        if (row.awakeFrom !== span.from) await collections.candidates.update(row._id, { awakeFrom: span.from, awakeUntil: span.until });
        return;
      }
      case 'MoonBoostStarted':
        return setOnCandidate(event.data.userId, { boostedUntil: event.data.endsAt, boostId: event.data.boostId });
      case 'PriorityLikesShown': {
        const { userId, likerIds } = event.data;
        for (const likerId of likerIds) await swipes.apply(swipeRowId(likerId, userId), stored.globalPosition, (current) => (current?.priority ? { ...withoutVersion(current), priority: false } : undefined));
        return;
      }
      case 'PassUndone': {
        // The person is in the swiper's deck again; the pass stays in the night's history.
        const { swiperId, swipedId } = event.data;
        await swipes.apply(swipeRowId(swiperId, swipedId), stored.globalPosition, (current) => (current?.kind === 'pass' ? ERASE : undefined));
        return;
      }
      case 'MatchCreated': {
        const { matchId, userIds, superLikedBy, createdAt } = event.data;
        const ended = (await isErased(userIds[0])) || (await isErased(userIds[1]));
        await matches.put(String(matchId), stored.globalPosition, { matchId, userIds, superLikedBy, createdAt, endedAt: ended ? createdAt : null });
        return;
      }
      case 'MatchEnded': {
        const { matchId, endedAt } = event.data;
        const row = await collections.matches.get(String(matchId));
        if (row && row.version < stored.globalPosition) await collections.matches.update(row._id, { endedAt: row.endedAt ?? endedAt, version: stored.globalPosition });
        return;
      }
      case 'PairBlocked': {
        const { blockerId, blockedId } = event.data;
        if ((await isErased(blockerId)) || (await isErased(blockedId))) return;
        await versionedRows(collections.blocks).put(blockRowId(blockerId, blockedId), stored.globalPosition, { blockerId, blockedId });
        return;
      }
      default:
        return;
    }
  };
}

/** The position the person's device shared, if the row's position is that (rows from before cities counted: any position). */
function devicePositionOf(row: Pick<CandidateRow, 'latitude' | 'longitude' | 'positionFrom'>) {
  if (row.latitude === null || row.longitude === null) return null;
  return row.positionFrom === 'city' ? null : { latitude: row.latitude, longitude: row.longitude };
}

const withoutVersion = ({ _id: _ignoredId, version: _ignoredVersion, ...row }: SwipeRow): Omit<SwipeRow, '_id' | 'version'> => row;

/**
 * Whether either of the two blocked the other: their two possible rows looked up by id, one read that every
 * store answers from its primary key (a `$or` of the two pairs is a scan of the collection on the stand-in).
 */
export async function blockedEitherWay(collections: Pick<SwipeCollections, 'blocks'>, a: number, b: number): Promise<boolean> {
  return (await collections.blocks.getMany([blockRowId(a, b), blockRowId(b, a)])).size > 0;
}

/** Everyone `userId` must not see (or be seen by): blocked either way. */
export async function hiddenFrom(collections: Pick<SwipeCollections, 'blocks'>, userId: number): Promise<number[]> {
  const rows = await collections.blocks.find({ $or: [{ blockerId: userId }, { blockedId: userId }] });
  return rows.map((row) => (row.blockerId === userId ? row.blockedId : row.blockerId));
}
