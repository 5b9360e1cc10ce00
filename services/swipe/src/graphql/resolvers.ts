import type { GraphQLResolverMap } from '@apollo/subgraph';
import { deckFiltersSchema, firstFieldError, type Billing, type DeckFilters, type PlanId, type SwipeKind } from '@nocturne/contracts';
import { invalidInput, RuleViolation } from '@nocturne/platform/domain';
import { signedInViewer, type SubgraphBaseContext } from '@nocturne/platform/http';
import { actorOf, signedInActor } from '@nocturne/platform/kit';
import type { DeckApplication } from '../deck/application';
import type { CrawlLimiter } from '../deck/crawlLimits';
import type { LiveLike, LiveLikes } from '../deck/liveLikes';
import type { MemberApplication, MembershipView } from '../member/application';
import type { MoonBoosts } from '../member/moonBoosts';
import type { MatchView, PairApplication } from '../pair/application';
import type { NightApplication, QuotaView } from '../night/application';
import type { ReportApplication } from '../report/application';

export interface SwipeContext extends SubgraphBaseContext {
  members: MemberApplication;
  moonBoosts: MoonBoosts;
  nights: NightApplication;
  deck: DeckApplication;
  pairs: PairApplication;
  reports: ReportApplication;
  /** Passes are limited here, before the swipe use case: past the limit nothing is recorded. */
  crawl: CrawlLimiter;
  likes: LiveLikes;
}

// GraphQL enums are upper case; the contracts' values are the spec's.
const kinds: Record<string, SwipeKind> = { LIKE: 'like', PASS: 'pass', SUPERLIKE: 'superlike' };
const plans: Record<string, PlanId> = { FREE: 'free', NIGHT_PASS: 'nightPass', PLUS: 'plus', MAX: 'max' };
const planEnum = (plan: PlanId) => Object.entries(plans).find(([, value]) => value === plan)![0];
const billingEnum = (billing: Billing | null) => billing?.toUpperCase() ?? null;

const quota = (view: QuotaView) => ({ ...view, plan: planEnum(view.plan) });
const membership = (view: MembershipView) => ({ ...view, plan: planEnum(view.plan), billing: billingEnum(view.billing) });
const match = (view: MatchView) => ({ ...view, otherUser: { id: view.otherUserId } });
const filters = ({ ageRange: [ageMin, ageMax], ...rest }: DeckFilters) => ({ ...rest, ageMin, ageMax });

interface FiltersInput {
  gender?: string | null;
  ageMin?: number | null;
  ageMax?: number | null;
  distance?: number | null;
  city?: string | null;
  kinks?: string[] | null;
  interests?: string[] | null;
  voiceOnly?: boolean | null;
  nightOwl?: boolean | null;
}

/** Fields left out keep their stored value; the whole result is checked with the contracts' rules. */
function mergeFilters(current: DeckFilters, input: FiltersInput): DeckFilters {
  const merged = {
    gender: input.gender ?? current.gender,
    ageRange: [input.ageMin ?? current.ageRange[0], input.ageMax ?? current.ageRange[1]],
    distance: input.distance ?? current.distance,
    city: input.city ?? current.city,
    kinks: input.kinks ?? current.kinks,
    interests: input.interests ?? current.interests,
    voiceOnly: input.voiceOnly ?? current.voiceOnly,
    nightOwl: input.nightOwl ?? current.nightOwl,
  };
  const parsed = deckFiltersSchema.safeParse(merged);
  if (parsed.success) return parsed.data;
  const { field, message } = firstFieldError(parsed.error);
  throw invalidInput(field === 'ageRange' ? 'ageMin' : field, message);
}

/** Thin: each field hands the caller to the application layer, which checks who may see or do what. */
export const swipeResolvers: GraphQLResolverMap<SwipeContext> = {
  Query: {
    deck: async (_parent, args: { limit?: number | null; restart?: boolean | null }, context: SwipeContext) => {
      const deck = await context.deck.deck(actorOf(context), { limit: args.limit ?? 20, includePassed: args.restart ?? false });
      return { restarted: deck.restarted, cards: deck.cards.map((card) => ({ ...card, user: { id: card.userId } })) };
    },
    swipeWindow: async (_parent, _args, context: SwipeContext) => {
      const window = await context.nights.swipeWindow(actorOf(context));
      return { ...window, mode: window.mode.toUpperCase() };
    },
    quota: async (_parent, _args, context: SwipeContext) => quota(await context.nights.quota(actorOf(context))),
    membership: async (_parent, _args, context: SwipeContext) => membership(await context.members.membership(actorOf(context))),
    moonBoost: async (_parent, _args, context: SwipeContext) => context.moonBoosts.view(actorOf(context)),
    deckFilters: async (_parent, _args, context: SwipeContext) => filters(await context.members.filters(actorOf(context))),
    likesReceived: async (_parent, _args, context: SwipeContext) => {
      const { visible, count, likes } = await context.deck.likesReceived(actorOf(context));
      return { visible, count, likes: likes.map((like) => ({ superLike: like.superLike, likedAt: like.likedAt, user: { id: like.userId } })) };
    },
    matches: async (_parent, args: { userId?: number | null }, context: SwipeContext) => (await context.pairs.matches(actorOf(context), args.userId ?? undefined)).map(match),
    match: async (_parent, args: { id: number }, context: SwipeContext) => match(await context.pairs.match(actorOf(context), args.id)),
  },
  Subscription: {
    likeReceived: {
      subscribe: (_parent, _args, context: SwipeContext) => context.likes.stream(actorOf(context)),
      resolve: ({ visible, like }: LiveLike) => ({ visible, like: like && { superLike: like.superLike, likedAt: like.likedAt, user: { id: like.userId } } }),
    },
  },
  Mutation: {
    swipe: async (_parent, args: { input: { swipedId: number; kind: string; swiperId?: number | null } }, context: SwipeContext) => {
      const actor = actorOf(context);
      const { swipedId, kind, swiperId } = args.input;
      if (swiperId !== undefined && swiperId !== null && actor.uid !== undefined && swiperId !== actor.uid) throw new RuleViolation('FORBIDDEN', 'You can only swipe as yourself');
      if (kind === 'PASS') await context.crawl.pass(signedInActor(actor));
      const outcome = await context.nights.swipe(actor, { swipedId, kind: kinds[kind]! });
      return { isMatch: outcome.isMatch, quota: quota(outcome.quota), match: outcome.match && match(outcome.match) };
    },
    startMoonBoost: async (_parent, _args, context: SwipeContext) => context.moonBoosts.start(actorOf(context)),
    undoPass: async (_parent, args: { swipedId: number }, context: SwipeContext) => {
      await context.nights.undoPass(actorOf(context), args.swipedId);
      return true;
    },
    choosePlan: async (_parent, args: { plan: string; billing?: string | null }, context: SwipeContext) =>
      membership(await context.members.choosePlan(actorOf(context), { plan: plans[args.plan]!, billing: args.billing ? (args.billing.toLowerCase() as Billing) : null })),
    unmatch: async (_parent, args: { matchId: number }, context: SwipeContext) => {
      await context.pairs.unmatch(actorOf(context), args.matchId);
      return true;
    },
    block: async (_parent, args: { userId: number }, context: SwipeContext) => {
      await context.pairs.block(actorOf(context), args.userId);
      return true;
    },
    reportProfile: async (_parent, args: { input: { userId: number; reason: string; text?: string | null } }, context: SwipeContext) => {
      await context.reports.reportProfile(actorOf(context), args.input);
      return true;
    },
    setDeckFilters: async (_parent, args: { input: FiltersInput }, context: SwipeContext) => {
      const actor = actorOf(context);
      const current = await context.members.filters(actor);
      return filters(await context.members.setFilters(actor, mergeFilters(current, args.input)));
    },
  },
  // A reference resolves like a card's or a match's person: each field applies who may see whom (the
  // score is blank for someone erased, unknown or blocked either way; the stats are the person's own).
  User: {
    __resolveReference: (reference: { id: number }, context: SwipeContext) => {
      signedInViewer(context.internal);
      return { id: reference.id };
    },
    nightOwlScore: (parent: { id: number }, _args, context: SwipeContext) => context.pairs.nightOwlScore(actorOf(context), parent.id),
    stats: (parent: { id: number }, _args, context: SwipeContext) => (context.internal.uid === parent.id ? context.pairs.stats(parent.id) : null),
    discovery: async (parent: { id: number }, _args, context: SwipeContext) => {
      if (context.internal.uid !== parent.id) return null;
      const { visible, missing } = await context.deck.discovery(actorOf(context));
      return { visible, missing: missing?.toUpperCase() ?? null };
    },
  },
  Match: {
    __resolveReference: async (reference: { id: number }, context: SwipeContext) => match(await context.pairs.match(actorOf(context), reference.id)),
  },
};
