import { z } from 'zod';
import { ChatMessages, deckFiltersSchema, planIdSchema, ReportReasons, reportInputSchema, SwipeMessages } from '@nocturne/contracts';
import {
  blockedAnswerSchema,
  deckAnswerSchema,
  deckFiltersAnswerSchema,
  likesReceivedSchema,
  matchesAnswerSchema,
  membershipSchema,
  moonBoostSchema,
  passUndoneAnswerSchema,
  quotaSchema,
  reportedAnswerSchema,
  swipeResultSchema,
  swipeWindowInfoSchema,
  unmatchedAnswerSchema,
  type DeckFiltersAnswer,
  type DeckProfile,
  type LikesReceived,
  type Match,
  type Membership,
  type MoonBoostAnswer,
  type Quota,
  type SwipeWindowInfo,
} from '@nocturne/contracts/api';
import { defineRoute, parseWith, positiveIdField, validationError as validation, type RestRoute } from '@nocturne/platform/rest';

const limitReached = (reasons: readonly string[]) => ({ status: 403, description: `A plan limit; \`code\` says which: ${reasons.map((reason) => `\`${reason}\``).join(', ')}` });
const forbidden = (what: string) => ({ status: 403, description: what });
const tooFast = (what: string) => ({ status: 429, description: `${what}; \`Retry-After\` says when to try again` });

/** GraphQL enums in upper case, REST and the contracts in the spec's spelling. */
const planToEnum = { free: 'FREE', nightPass: 'NIGHT_PASS', plus: 'PLUS', max: 'MAX' } as const;
const planFromEnum = Object.fromEntries(Object.entries(planToEnum).map(([id, value]) => [value, id])) as Record<string, keyof typeof planToEnum>;

const DECK_PROFILE_FIELDS = `distanceKm superLikedYou sharedKinks city photosHidden user { id username name age bio photos { url } voiceIntro { url durationSeconds } kinks interests isOnline isVerified nightOwlScore }`;

interface DeckCardData {
  distanceKm: number | null;
  superLikedYou: boolean;
  sharedKinks: string[];
  city: string | null;
  photosHidden: boolean;
  user: { id: number; username: string; name: string; age: number; bio: string | null; photos: Array<{ url: string }>; voiceIntro: { url: string; durationSeconds: number } | null; kinks: string[]; interests: string[]; isOnline: boolean; isVerified: boolean; nightOwlScore: number };
}

const toDeckProfile = (card: DeckCardData): DeckProfile => ({
  id: card.user.id,
  username: card.user.username,
  name: card.user.name,
  age: card.user.age,
  // Voice-only mode: no photo URL leaves in the deck's answer until the two match.
  photos: card.photosHidden ? [] : card.user.photos.map((photo) => photo.url),
  bio: card.user.bio,
  kinks: card.user.kinks,
  interests: card.user.interests,
  location: card.city,
  distance: card.distanceKm,
  isOnline: card.user.isOnline,
  isVerified: card.user.isVerified,
  nightOwlScore: card.user.nightOwlScore,
  superLikedYou: card.superLikedYou,
  sharedKinks: card.sharedKinks,
  photosHidden: card.photosHidden,
  voiceIntro: card.user.voiceIntro,
});

const booleanQuery = z.enum(['true', 'false', '1', '0']).optional().transform((value) => value === 'true' || value === '1');

const profiles = defineRoute({
  method: 'get',
  path: '/api/profiles',
  operationId: 'deckProfiles',
  summary: 'The next deck profiles, filtered on the server: never yourself or people you liked; passed people only with restart=true once nothing else is left',
  tag: 'swipe',
  access: 'signedIn',
  parseInput: (_body, _params, query) =>
    parseWith(z.object({ restart: booleanQuery, limit: z.coerce.number({ error: 'limit must be a whole number from 1 to 50' }).int().min(1).max(50).optional() }), { restart: query.restart, limit: query.limit }),
  success: { status: 200, description: 'Deck profiles, nearest distance bands first', schema: deckAnswerSchema },
  errors: [validation, tooFast('More deck reads this minute than SWIPE_DECK_READS_PER_MINUTE')],
  handle: async ({ input, execute }) => {
    const data = await execute<{ deck: { cards: DeckCardData[] } }>(`query Deck($limit: Int, $restart: Boolean) { deck(limit: $limit, restart: $restart) { cards { ${DECK_PROFILE_FIELDS} } } }`, {
      limit: input.limit ?? 20,
      restart: input.restart,
    });
    return { body: data.deck.cards.map(toDeckProfile) };
  },
});

const swipeBodySchema = z.object({
  swiperId: z.number({ error: 'swiperId must be your user id' }).int('swiperId must be your user id'),
  swipedId: positiveIdField('swipedId', 'a user id'),
  isLike: z.boolean({ error: 'isLike must be true or false' }),
  isSuperLike: z.boolean({ error: 'isSuperLike must be true or false' }).optional(),
  timestamp: z.string({ error: 'timestamp must be an ISO 8601 time' }).optional(),
});

const undoPass = defineRoute({
  method: 'post',
  path: '/api/swipes/undo',
  operationId: 'undoPass',
  summary: 'Take back your last pass, on `swipedId`, within 10 seconds of it (once): the person is in your deck again. The pass stays in the history, undone',
  tag: 'swipe',
  access: 'signedIn',
  requestBody: z.object({ swipedId: positiveIdField('swipedId', 'a user id') }),
  success: { status: 200, description: 'The pass is undone', schema: passUndoneAnswerSchema },
  errors: [
    validation,
    limitReached(['undo-expired']),
    { status: 404, description: `'${SwipeMessages.noPassToUndo}': your last swipe is not a pass on this person, or it was undone already` },
  ],
  handle: async ({ input, execute }) => {
    await execute(`mutation UndoPass($swipedId: Int!) { undoPass(swipedId: $swipedId) }`, { swipedId: input.swipedId });
    return { body: { undone: true as const, swipedId: input.swipedId } };
  },
});

const MATCH_FIELDS = 'id user1Id user2Id createdAt superLikedYou otherUser { id name avatarUrl }';
interface MatchData {
  id: number;
  user1Id: number;
  user2Id: number;
  createdAt: string;
  superLikedYou: boolean;
  otherUser: { id: number; name: string; avatarUrl: string };
}
const toMatch = (match: MatchData): Match => ({ ...match, otherUser: { id: match.otherUser.id, name: match.otherUser.name, photo: match.otherUser.avatarUrl } });

const QUOTA_FIELDS = 'plan night likesPerNight likesUsed likesRemaining superLikesPerNight superLikesUsed resetsAt';
type QuotaData = Omit<Quota, 'plan'> & { plan: string };
const toQuota = (quota: QuotaData): Quota => ({ ...quota, plan: planFromEnum[quota.plan]! });

const swipe = defineRoute({
  method: 'post',
  path: '/api/swipes',
  operationId: 'swipe',
  summary: 'Like (isLike), pass, or super-like (isLike and isSuperLike) someone, as yourself. The same swipe twice counts once and answers the same',
  tag: 'swipe',
  access: 'signedIn',
  ownerField: 'swiperId',
  requestBody: swipeBodySchema,
  success: {
    status: 200,
    description: 'Recorded; `isMatch` when the other person liked you too',
    schema: swipeResultSchema,
  },
  errors: [
    { status: 400, description: `A field breaks a rule, or '${SwipeMessages.self}' (field swipedId)` },
    forbidden("swiperId is not the signed-in user's id"),
    limitReached(['likes-limit', 'super-likes-used', 'window-closed']),
    { status: 404, description: `'${SwipeMessages.unknownPerson}'` },
    tooFast('More passes this minute than SWIPE_PASSES_PER_MINUTE (the pass is not recorded)'),
  ],
  handle: async ({ input, execute }) => {
    const kind = input.isLike ? (input.isSuperLike ? 'SUPERLIKE' : 'LIKE') : 'PASS';
    const data = await execute<{ swipe: { isMatch: boolean; match: MatchData | null; quota: QuotaData } }>(
      `mutation Swipe($input: SwipeInput!) { swipe(input: $input) { isMatch match { ${MATCH_FIELDS} } quota { ${QUOTA_FIELDS} } } }`,
      { input: { swipedId: input.swipedId, kind, swiperId: input.swiperId } },
    );
    const { isMatch, match, quota } = data.swipe;
    return { body: { isMatch, matchId: match?.id ?? null, match: match && toMatch(match), quota: toQuota(quota) } };
  },
});

const matches = defineRoute({
  method: 'get',
  path: '/api/matches/:id',
  operationId: 'matches',
  summary: "The signed-in user's matches (id in the path: your own user id), newest first, with the other person's name and first photo",
  tag: 'swipe',
  access: 'signedIn',
  ownerParam: 'id',
  parseInput: (_body, params) => ({ userId: Number(params.id) }),
  success: { status: 200, description: 'Matches', schema: matchesAnswerSchema },
  errors: [forbidden('The id is not your own')],
  handle: async ({ input, execute }) => {
    const data = await execute<{ matches: MatchData[] }>(`query Matches($userId: Int) { matches(userId: $userId) { ${MATCH_FIELDS} } }`, { userId: input.userId });
    return { body: data.matches.map(toMatch) };
  },
});

const MEMBERSHIP_FIELDS = 'plan billing expiresAt isPremium';
type MembershipData = { plan: string; billing: string | null; expiresAt: string | null; isPremium: boolean };
const toMembership = (data: MembershipData): Membership => ({ ...data, plan: planFromEnum[data.plan]!, billing: (data.billing?.toLowerCase() ?? null) as Membership['billing'] });

const membership = defineRoute({
  method: 'get',
  path: '/api/plan',
  operationId: 'membership',
  summary: 'Your plan (simulated: no payment exists, but the choice is kept and enforced)',
  tag: 'plans',
  access: 'signedIn',
  parseInput: () => undefined,
  success: { status: 200, description: 'Your plan', schema: membershipSchema },
  errors: [],
  handle: async ({ execute }) => ({ body: toMembership((await execute<{ membership: MembershipData }>(`query Membership { membership { ${MEMBERSHIP_FIELDS} } }`)).membership) }),
});

const choosePlanBody = z.object({ plan: planIdSchema, billing: z.enum(['weekly', 'monthly']).optional() });
const choosePlan = defineRoute({
  method: 'post',
  path: '/api/plan',
  operationId: 'choosePlan',
  summary: 'Choose a plan: free, nightPass (24 hours), plus (weekly or monthly) or max. Simulated: no payment happens',
  tag: 'plans',
  access: 'signedIn',
  requestBody: choosePlanBody,
  success: { status: 200, description: 'Your plan now', schema: membershipSchema },
  errors: [validation],
  handle: async ({ input, execute }) => {
    const data = await execute<{ choosePlan: MembershipData }>(`mutation ChoosePlan($plan: Plan!, $billing: Billing) { choosePlan(plan: $plan, billing: $billing) { ${MEMBERSHIP_FIELDS} } }`, {
      plan: planToEnum[input.plan],
      billing: input.billing?.toUpperCase() ?? null,
    });
    return { body: toMembership(data.choosePlan) };
  },
});

const quota = defineRoute({
  method: 'get',
  path: '/api/quota',
  operationId: 'quota',
  summary: "Tonight's likes and super-likes: allowed by your plan and used",
  tag: 'swipe',
  access: 'signedIn',
  parseInput: () => undefined,
  success: { status: 200, description: 'Quota', schema: quotaSchema },
  errors: [],
  handle: async ({ execute }) => ({ body: toQuota((await execute<{ quota: QuotaData }>(`query Quota { quota { ${QUOTA_FIELDS} } }`)).quota) }),
});

const swipeWindow = defineRoute({
  method: 'get',
  path: '/api/swipe-window',
  operationId: 'swipeWindow',
  summary: 'Whether swiping is open now (20:00 to 04:00 on your clock, or always in the demo), and the next 8:00 PM',
  tag: 'swipe',
  access: 'signedIn',
  parseInput: () => undefined,
  success: { status: 200, description: 'The window', schema: swipeWindowInfoSchema },
  errors: [],
  handle: async ({ execute }) => {
    const data = await execute<{ swipeWindow: Omit<SwipeWindowInfo, 'mode'> & { mode: string } }>(`query SwipeWindow { swipeWindow { open mode opensAt timeZone now } }`);
    const body: SwipeWindowInfo = { ...data.swipeWindow, mode: data.swipeWindow.mode.toLowerCase() as SwipeWindowInfo['mode'] };
    return { body };
  },
});

const MOON_BOOST_FIELDS = 'active { startedAt endsAt } allowance left renewsAt last { startedAt endsAt viewers }';
const moonBoost = defineRoute({
  method: 'get',
  path: '/api/moon-boost',
  operationId: 'moonBoost',
  summary: 'Your Moon-Boosts: the one running, how many your plan gives and has left this period, and how many people saw your card during the last one',
  tag: 'plans',
  access: 'signedIn',
  parseInput: () => undefined,
  success: { status: 200, description: 'Moon-Boost', schema: moonBoostSchema },
  errors: [],
  handle: async ({ execute }) => ({ body: (await execute<{ moonBoost: MoonBoostAnswer }>(`query MoonBoost { moonBoost { ${MOON_BOOST_FIELDS} } }`)).moonBoost }),
});

const startMoonBoost = defineRoute({
  method: 'post',
  path: '/api/moon-boost',
  operationId: 'startMoonBoost',
  summary: 'Start a Moon-Boost: for 30 minutes your card comes first in the decks of people nearby whose filters admit you (Plus: 1 a week, Max: 5 a month)',
  tag: 'plans',
  access: 'signedIn',
  parseInput: () => undefined,
  success: { status: 200, description: 'The boost runs', schema: moonBoostSchema },
  errors: [limitReached(['night-boost']), { status: 409, description: `'${SwipeMessages.moonBoostRunning}'` }],
  handle: async ({ execute }) => ({ body: (await execute<{ startMoonBoost: MoonBoostAnswer }>(`mutation StartMoonBoost { startMoonBoost { ${MOON_BOOST_FIELDS} } }`)).startMoonBoost }),
});

type FiltersData = Omit<DeckFiltersAnswer, 'gender' | 'ageRange'> & { gender: string; ageMin: number; ageMax: number };
const FILTER_FIELDS = 'gender ageMin ageMax distance city kinks interests voiceOnly nightOwl';
// The GraphQL shape has the age range as two fields; everything else is the same.
const toFilters = ({ gender, ageMin, ageMax, ...rest }: FiltersData): DeckFiltersAnswer => ({ ...rest, gender: gender as DeckFiltersAnswer['gender'], ageRange: [ageMin, ageMax] });

const deckFilters = defineRoute({
  method: 'get',
  path: '/api/deck-filters',
  operationId: 'deckFilters',
  summary: 'Your deck filters, kept on the server',
  tag: 'swipe',
  access: 'signedIn',
  parseInput: () => undefined,
  success: { status: 200, description: 'Filters', schema: deckFiltersAnswerSchema },
  errors: [],
  handle: async ({ execute }) => ({ body: toFilters((await execute<{ deckFilters: FiltersData }>(`query DeckFilters { deckFilters { ${FILTER_FIELDS} } }`)).deckFilters) }),
});

const setDeckFilters = defineRoute({
  method: 'put',
  path: '/api/deck-filters',
  operationId: 'setDeckFilters',
  summary: 'Set your deck filters (the spec shape: gender, ageRange [min, max], distance, city, kinks, interests; and voiceOnly, nightOwl). Kinks, interests, voice-only matches and night-owl ordering need Max',
  tag: 'swipe',
  access: 'signedIn',
  requestBody: deckFiltersSchema,
  success: { status: 200, description: 'Filters now', schema: deckFiltersAnswerSchema },
  errors: [validation, limitReached(['advanced-filters'])],
  handle: async ({ input, execute }) => {
    const data = await execute<{ setDeckFilters: FiltersData }>(`mutation SetDeckFilters($input: DeckFiltersInput!) { setDeckFilters(input: $input) { ${FILTER_FIELDS} } }`, {
      input: (({ ageRange: [ageMin, ageMax], ...rest }) => ({ ...rest, ageMin, ageMax }))(input),
    });
    return { body: toFilters(data.setDeckFilters) };
  },
});

interface LikeData {
  superLike: boolean;
  likedAt: string;
  user: { id: number; name: string; avatarUrl: string };
}
const likes = defineRoute({
  method: 'get',
  path: '/api/likes',
  operationId: 'likesReceived',
  summary:
    'People who liked you and wait for your answer: on a paid plan who, newest first; on the free plan only how many (`likes` is empty, so nothing tells one person from another, and the Lobby draws the same blurred tiles for everyone)',
  tag: 'swipe',
  access: 'signedIn',
  parseInput: () => undefined,
  success: {
    status: 200,
    description: 'Likes received',
    schema: likesReceivedSchema,
  },
  errors: [],
  handle: async ({ execute }) => {
    const data = await execute<{ likesReceived: { visible: boolean; count: number; likes: LikeData[] } }>(`query Likes { likesReceived { visible count likes { superLike likedAt user { id name avatarUrl } } } }`);
    const { visible, count, likes } = data.likesReceived;
    const body: LikesReceived = { visible, count, likes: likes.map((like) => ({ superLike: like.superLike, likedAt: like.likedAt, user: { id: like.user.id, name: like.user.name, photo: like.user.avatarUrl } })) };
    return { body };
  },
});

/** The swipe service's calls of the REST facade (deck, swipes, matches, plans, quota, window, filters, likes), served by the gateway. */
const unmatch = defineRoute({
  method: 'post',
  path: '/api/unmatch',
  operationId: 'unmatch',
  summary: 'End one of your matches, for both of you: the conversation closes and neither sees the other in their matches again',
  tag: 'swipe',
  access: 'signedIn',
  requestBody: z.object({ matchId: positiveIdField('matchId', 'a match id') }),
  success: { status: 200, description: 'The match has ended', schema: unmatchedAnswerSchema },
  errors: [validation, { status: 404, description: `'${SwipeMessages.matchNotFound}' (unknown, someone else's or ended already: the same answer)` }],
  handle: async ({ input, execute }) => {
    await execute(`mutation Unmatch($matchId: Int!) { unmatch(matchId: $matchId) }`, { matchId: input.matchId });
    return { body: { unmatched: true as const } };
  },
});

const block = defineRoute({
  method: 'post',
  path: '/api/blocks',
  operationId: 'block',
  summary: 'Block someone: the two of you are hidden from each other everywhere (deck, likes, matches, chat), for good, and a match between you ends',
  tag: 'swipe',
  access: 'signedIn',
  requestBody: z.object({ userId: positiveIdField('userId', 'a user id') }),
  success: { status: 201, description: 'Blocked (blocking someone again answers the same)', schema: blockedAnswerSchema },
  errors: [{ status: 400, description: `A field breaks a rule, or '${SwipeMessages.blockSelf}' (field userId)` }, { status: 404, description: `'${SwipeMessages.unknownPerson}'` }],
  handle: async ({ input, execute }) => {
    await execute(`mutation Block($userId: Int!) { block(userId: $userId) }`, { userId: input.userId });
    return { status: 201, body: { blocked: true as const } };
  },
});

const reportProfile = defineRoute({
  method: 'post',
  path: '/api/profile-reports',
  operationId: 'reportProfile',
  summary: `Report someone you may see (a deck card, a like) for moderation: a reason (${ReportReasons.join(', ')}) and an optional text. It hides nobody; blocking is \`POST /api/blocks\``,
  tag: 'swipe',
  access: 'signedIn',
  requestBody: reportInputSchema.extend({ userId: positiveIdField('userId', 'a user id') }),
  success: { status: 201, description: 'Stored for moderation', schema: reportedAnswerSchema },
  errors: [
    { status: 400, description: `A field breaks a rule, or '${ChatMessages.reportSelf}' (field userId)` },
    { status: 404, description: `'${SwipeMessages.unknownPerson}': unknown, erased, not yet onboarded or blocked either way, the same answer; nothing is stored` },
    tooFast('Too many reports in an hour (refused ones count)'),
  ],
  handle: async ({ input, execute }) => {
    await execute(`mutation ReportProfile($input: ReportProfileInput!) { reportProfile(input: $input) }`, { input });
    return { status: 201, body: { reported: true as const } };
  },
});

export const swipeRoutes: RestRoute[] = [profiles, swipe, undoPass, matches, membership, choosePlan, moonBoost, startMoonBoost, quota, swipeWindow, deckFilters, setDeckFilters, likes, unmatch, block, reportProfile];
