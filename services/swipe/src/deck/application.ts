import { signedInActor, type Actor } from '@nocturne/platform/kit';
import { isLikeKind, planAllowances, quotaNight, usesAdvancedFilters, zoneInForce, type DeckFilters, type Gender } from '@nocturne/contracts';
import type { Filter } from '@nocturne/platform/ports';
import { type SwipeDependencies } from '../dependencies';
import type { MemberApplication } from '../member/application';
import { planInForce } from '../member/member';
import { hiddenFrom, zoneScheduleOfRow, type CandidateRow } from '../projections/readModels';
import { NIGHT_OWL_DEFAULT, NIGHT_OWL_WINDOW_MS, nightOwlScore } from '../night/nightOwl';
import type { BoostViews } from './boostViews';
import type { CrawlLimiter } from './crawlLimits';
import { bandOf, boundingBox, byBandAwakeOwlShuffle, discoveryGap, isAwake, distanceBetween, DISTANCE_BANDS_KM, preferencesExcluding, type DiscoveryGap, type Position } from './deck';

export interface DeckCard {
  userId: number;
  /** Whole km between grid cells; null when either person shared no location. */
  distanceKm: number | null;
  /** This person super-liked the viewer: their card carries the mark. */
  superLikedYou: boolean;
  /** Kinks both have (marked as shared on the card). */
  sharedKinks: string[];
  /** A city the person chose to show. */
  city: string | null;
}

export interface Deck {
  cards: DeckCard[];
  /** True when the cards are passed profiles coming back ('Restart'). */
  restarted: boolean;
}

export interface LikeReceived {
  userId: number;
  likedAt: string;
  superLike: boolean;
}

/**
 * Who liked the viewer, as their plan shows it. A paid plan sees each person; the free plan learns how
 * many and nothing else: no id, name, picture, time or order, nothing that tells one liker from another.
 */
export type LikesReceived = { visible: true; count: number; likes: LikeReceived[] } | { visible: false; count: number; likes: [] };

export const DECK_PAGE_MAX = 50;

const positionOf = (row: Pick<CandidateRow, 'latitude' | 'longitude'> | null): Position | null =>
  row && row.latitude !== null && row.longitude !== null ? { latitude: row.latitude, longitude: row.longitude } : null;

/**
 * The deck, filtered on the server: never the viewer, people they liked, erased or not yet onboarded
 * people; passed people only on 'Restart' once nothing else is left. Candidates are looked up by a
 * coordinate box per distance band (an index on the cell centres), never by reading every profile.
 */
export function createDeckApplication(deps: SwipeDependencies, members: MemberApplication, crawl: CrawlLimiter, boostViews: BoostViews) {
  const { collections } = deps;

  /**
   * A kink filter must not reveal a kink its owner shows only to people who share it: a filter kink the
   * viewer has matches any of a person's kinks (the person would show it to them), one the viewer lacks
   * matches only kinks shown to everyone.
   */
  function filterDocument(filters: DeckFilters, advanced: boolean, userIds: Filter, myKinks: ReadonlySet<string>, myGender: Gender | null): Filter {
    const filter: Filter = {
      onboarded: true,
      erased: { $ne: true },
      userId: userIds,
      age: { $gte: filters.ageRange[0], $lte: filters.ageRange[1] },
      // Only people with a position (the device's or a chosen city's) are in anyone's deck.
      latitude: { $ne: null },
      // Mutual: people whose own preference leaves out the viewer's gender are not shown to them.
      seeks: { $nin: preferencesExcluding(myGender) },
    };
    if (filters.gender !== 'all') filter.gender = filters.gender;
    if (filters.city) filter.city = filters.city.toLowerCase();
    // Filters kept from a plan that lapsed no longer apply.
    if (advanced && filters.kinks.length > 0) {
      const shared = filters.kinks.filter((kink) => myKinks.has(kink));
      const notMine = filters.kinks.filter((kink) => !myKinks.has(kink));
      if (shared.length > 0) filter.kinks = { $all: shared };
      if (notMine.length > 0) filter.publicKinks = { $all: notMine };
    }
    if (advanced && filters.interests.length > 0) filter.interests = { $all: filters.interests };
    return filter;
  }

  /** `oneBox`: a single look over the whole distance (few people match, as for those on a Moon-Boost). */
  async function nearby(base: Filter, from: Position, maxKm: number, limit: number, oneBox = false): Promise<Array<{ row: CandidateRow; distanceKm: number }>> {
    const found = new Map<number, { row: CandidateRow; distanceKm: number }>();
    for (const band of oneBox ? [maxKm] : [...DISTANCE_BANDS_KM.filter((b) => b < maxKm), maxKm]) {
      const box = boundingBox(from, band);
      const rows = await collections.candidates.find(
        {
          ...base,
          latitude: { $gte: box.latitude.min, $lte: box.latitude.max },
          // One range as a plain condition (the common case: an index serves both coordinates); two
          // where the box crosses longitude ±180.
          ...(box.longitude.length === 1
            ? { longitude: { $gte: box.longitude[0]!.min, $lte: box.longitude[0]!.max } }
            : { $or: box.longitude.map((range) => ({ longitude: { $gte: range.min, $lte: range.max } })) }),
        },
        { sort: { shuffle: 1 }, limit: limit * 4 + found.size },
      );
      for (const row of rows) {
        if (found.has(row.userId)) continue;
        const distanceKm = distanceBetween(from, positionOf(row)!);
        if (distanceKm <= band && distanceKm <= maxKm) found.set(row.userId, { row, distanceKm });
      }
      if (found.size >= limit) break;
    }
    return [...found.values()];
  }

  /** Night-owl scores of these people, from one read of their activity over the score's window. */
  async function nightOwlScores(userIds: number[], now: Date): Promise<Map<number, number>> {
    const since = new Date(now.getTime() - NIGHT_OWL_WINDOW_MS).toISOString();
    const rows = await collections.activity.find({ userId: { $in: [...new Set(userIds)] }, hour: { $gte: since } });
    const byUser = new Map<number, typeof rows>();
    for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
    return new Map([...byUser].map(([userId, hours]) => [userId, nightOwlScore(hours)]));
  }

  return {
    /** Whether others can find the viewer in their decks, and if not, what is missing (decisions.md, Discovery). */
    async discovery(actor: Actor): Promise<{ visible: boolean; missing: DiscoveryGap | null }> {
      const row = await collections.candidates.get(String(signedInActor(actor)));
      const missing = discoveryGap(row && !row.erased ? row : null);
      return { visible: missing === null, missing };
    },

    async deck(actor: Actor, options: { limit?: number; includePassed?: boolean } = {}): Promise<Deck> {
      const viewerId = signedInActor(actor);
      await crawl.deckRead(viewerId);
      const limit = Math.min(DECK_PAGE_MAX, Math.max(1, options.limit ?? 20));
      const now = deps.clock();
      const [me, member, mySwipes, likedMe, hidden, priorityLikes] = await Promise.all([
        collections.candidates.get(String(viewerId)),
        members.load(viewerId),
        collections.swipes.find({ swiperId: viewerId }),
        collections.swipes.find({ swipedId: viewerId, kind: 'superlike' }),
        hiddenFrom(collections, viewerId),
        collections.swipes.find({ swipedId: viewerId, priority: true }),
      ]);
      const advanced = planAllowances[planInForce(member, now)].advancedFilters && usesAdvancedFilters(member.filters);
      // Voice-only mode holds while the plan has it: a lapsed Max shows photos again.
      const photosHidden = planAllowances[planInForce(member, now)].voiceOnlyMatches && member.filters.voiceOnly;
      const liked = mySwipes.filter((swipe) => isLikeKind(swipe.kind)).map((swipe) => swipe.swipedId);
      const passed = mySwipes.filter((swipe) => swipe.kind === 'pass' && !hidden.includes(swipe.swipedId)).map((swipe) => swipe.swipedId);
      const superLikers = new Set(likedMe.map((swipe) => swipe.swiperId));
      const myKinks = new Set(me && !me.erased ? me.kinks : []);
      const from = positionOf(me && !me.erased ? me : null);

      const pick = async (userIds: Filter, extra: Filter = {}, oneBox = false) => {
        const base = { ...filterDocument(member.filters, advanced, userIds, myKinks, me && !me.erased ? me.gender : null), ...extra };
        if (from) return nearby(base, from, member.filters.distance, limit, oneBox);
        const rows = await collections.candidates.find(base, { sort: { shuffle: 1 }, limit });
        return rows.map((row) => ({ row, distanceKm: null as number | null }));
      };
      let restarted = false;
      const excluded = [viewerId, ...liked, ...passed, ...hidden];
      // Cards that come first, each still under every deck rule (filters, distance, mutual gender): people
      // on a Moon-Boost, then likes with priority not yet shown first.
      const boosted = await pick({ $nin: excluded }, { boostedUntil: { $gt: now.toISOString() } }, true);
      const boostedIds = new Set(boosted.map(({ row }) => row.userId));
      const priorityLikers = priorityLikes.map((swipe) => swipe.swiperId).filter((id) => !excluded.includes(id) && !boostedIds.has(id));
      const prioritized = priorityLikers.length > 0 ? await pick({ $in: priorityLikers }, {}, true) : [];
      const priorityIds = new Set(prioritized.map(({ row }) => row.userId));
      const firstIds = new Set([...boostedIds, ...priorityIds]);
      let picked = (await pick({ $nin: excluded })).filter(({ row }) => !firstIds.has(row.userId));
      if (firstIds.size === 0 && picked.length === 0 && options.includePassed && passed.length > 0) {
        restarted = true;
        picked = await pick({ $in: passed });
      }
      // Within a band: who is awake tonight first, then (Max, when chosen) the closest night-owl scores.
      const owlMatching = member.filters.nightOwl && planAllowances[planInForce(member, now)].nightOwlMatching;
      const scores = owlMatching ? await nightOwlScores([viewerId, ...[...boosted, ...prioritized, ...picked].map(({ row }) => row.userId)], now) : new Map<number, number>();
      const myScore = scores.get(viewerId) ?? NIGHT_OWL_DEFAULT;
      const ranked = (entries: typeof picked) =>
        entries
          .map(({ row, distanceKm }) => ({
            row,
            distanceKm,
            band: distanceKm === null ? 0 : bandOf(distanceKm),
            awake: isAwake(row, now),
            owlGap: owlMatching ? Math.abs((scores.get(row.userId) ?? NIGHT_OWL_DEFAULT) - myScore) : 0,
            shuffle: row.shuffle,
          }))
          .sort(byBandAwakeOwlShuffle);
      const shown = [...ranked(boosted), ...ranked(prioritized), ...ranked(picked)].slice(0, limit);
      const cards = shown.map(({ row, distanceKm }) => ({
          userId: row.userId,
          distanceKm,
          superLikedYou: superLikers.has(row.userId),
          sharedKinks: row.kinks.filter((kink) => myKinks.has(kink)),
          city: row.cityName,
          photosHidden,
        }));
      // Shown first once: the next read orders them as anyone else.
      const shownFirst = cards.filter((card) => priorityIds.has(card.userId)).map((card) => card.userId);
      if (shownFirst.length > 0) await members.notePriorityLikesShown(actor, shownFirst);
      // The first read of the night makes the viewer awake for others (once a night; the order shows it from the next quarter hour).
      if (me && !me.erased) {
        const night = quotaNight(now, zoneInForce(zoneScheduleOfRow(me), now));
        if (member.deckOpenedNight !== night) await members.noteDeckOpened(actor, night);
      }
      // Each boost counts the distinct people it reached.
      await Promise.all(shown.filter(({ row }) => boostedIds.has(row.userId) && row.boostId).map(({ row }) => boostViews.note(row.boostId!, viewerId)));
      return { cards, restarted };
    },

    /**
     * Who liked the viewer and waits for an answer: not erased, not blocked either way, and not answered.
     * On the free plan a pass is no answer: the count drops only for what the viewer sees anyway (a like
     * back makes a match), so passing card after card and watching the count finds no one.
     */
    async likesReceived(actor: Actor): Promise<LikesReceived> {
      const viewerId = signedInActor(actor);
      const [received, mine, hidden, member] = await Promise.all([
        collections.swipes.find({ swipedId: viewerId, kind: { $in: ['like', 'superlike'] } }, { sort: { swipedAt: -1 } }),
        collections.swipes.find({ swiperId: viewerId }),
        hiddenFrom(collections, viewerId),
        members.load(viewerId),
      ]);
      const visible = planAllowances[planInForce(member, deps.clock())].seeLikes;
      const answers = visible ? mine : mine.filter((swipe) => isLikeKind(swipe.kind));
      const answered = new Set([...answers.map((swipe) => swipe.swipedId), ...hidden]);
      const waiting = received.filter((swipe) => !answered.has(swipe.swiperId));
      const live = new Set((await collections.candidates.find({ userId: { $in: waiting.map((swipe) => swipe.swiperId) }, erased: { $ne: true } })).map((row) => row.userId));
      const likes = waiting.filter((swipe) => live.has(swipe.swiperId)).map((swipe) => ({ userId: swipe.swiperId, likedAt: swipe.swipedAt, superLike: swipe.kind === 'superlike' }));
      return visible ? { visible, count: likes.length, likes } : { visible, count: likes.length, likes: [] };
    },
  };
}
export type DeckApplication = ReturnType<typeof createDeckApplication>;
