import type { GraphQLResolverMap } from '@apollo/subgraph';
import { Genders, Interests, Kinks, type KinkAudience, type KinkVisibility } from '@nocturne/contracts';
import { signedInViewer, type SubgraphBaseContext } from '@nocturne/platform/http';
import { actorOf } from '@nocturne/platform/kit';
import type { PublicUrls } from '../photos/publicUrls';
import type { ProfileApplication, ProfileView, Viewer } from '../profile/application';
import { verificationViewOf, type VerificationApplication, type VerificationView } from '../verification/application';
import type { VoiceIntroApplication } from '../voice/application';
import { voiceIntroView } from '../voice/voiceRoutes';

export interface ProfileContext extends SubgraphBaseContext {
  profiles: ProfileApplication;
  verification: VerificationApplication;
  voice: VoiceIntroApplication;
  urls: PublicUrls;
}

const verificationToGraphql = (view: VerificationView) => ({ status: view.status.toUpperCase().replace('-', '_'), gesture: view.gesture });

/** A User as this subgraph resolves it: its id and the profile behind it. */
interface UserParent {
  id: number;
  profile: ProfileView;
}

/** One viewer per request, so the viewer's own kinks are read once for all the profiles it resolves. */
const viewers = new WeakMap<ProfileContext, Viewer>();
function viewerOf(context: ProfileContext): Viewer {
  const id = signedInViewer(context.internal);
  let viewer = viewers.get(context);
  if (!viewer) viewers.set(context, (viewer = context.profiles.viewer(id)));
  return viewer;
}

type KinkAudienceEnum = 'EVERYONE' | 'SHARERS';
const audienceToEnum = (audience: KinkAudience): KinkAudienceEnum => (audience === 'sharers' ? 'SHARERS' : 'EVERYONE');
const audienceFromEnum = (value: unknown): unknown => (value === 'SHARERS' ? 'sharers' : value === 'EVERYONE' ? 'everyone' : value);
const visibilityToGraphql = (visibility: KinkVisibility) => ({
  audience: audienceToEnum(visibility.audience),
  perKink: visibility.perKink.map((choice) => ({ kink: choice.kink, audience: audienceToEnum(choice.audience) })),
});

const asUser = (profile: ProfileView): UserParent => ({ id: profile.userId, profile });
const isSelf = (parent: UserParent, context: ProfileContext) => context.internal.uid === parent.id;
const ownOnly = <T>(parent: UserParent, context: ProfileContext, value: T): T | null => (isSelf(parent, context) ? value : null);

export const profileResolvers: GraphQLResolverMap<ProfileContext> = {
  Query: {
    catalogues: () => ({ kinks: Kinks, interests: Interests, genders: Genders }),
  },
  Mutation: {
    completeOnboarding: (_parent, args: { input: Record<string, unknown>; userId?: number | null }, context: ProfileContext) =>
      context.profiles.completeOnboarding(actorOf(context), withoutNulls(args.input), args.userId).then(asUser),
    updateProfile: (_parent, args: { input: Record<string, unknown>; userId?: number | null }, context: ProfileContext) =>
      context.profiles.updateProfile(actorOf(context), withoutNulls(args.input), args.userId).then(asUser),
    updateLocation: (_parent, args: { latitude?: number | null; longitude?: number | null; location?: string | null; userId?: number | null }, context: ProfileContext) =>
      context.profiles
        .updateLocation(actorOf(context), { latitude: args.latitude ?? undefined, longitude: args.longitude ?? undefined, location: args.location }, args.userId)
        .then(asUser),
    arrangePhotos: (_parent, args: { photos: string[] }, context: ProfileContext) => context.profiles.arrangePhotos(actorOf(context), { photos: args.photos }).then(asUser),
    removePhoto: (_parent, args: { id: string }, context: ProfileContext) => context.profiles.removePhoto(actorOf(context), args.id).then(asUser),
    updateNotificationPreferences: (_parent, args: { input: Record<string, unknown> }, context: ProfileContext) =>
      context.profiles.changeNotificationPreferences(actorOf(context), withoutNulls(args.input)).then(asUser),
    setKinkVisibility: (_parent, args: { input: { audience: string; perKink?: Array<{ kink: string; audience: string }> | null } }, context: ProfileContext) =>
      context.profiles
        .changeKinkVisibility(actorOf(context), {
          audience: audienceFromEnum(args.input.audience),
          perKink: (args.input.perKink ?? []).map((choice) => ({ kink: choice.kink, audience: audienceFromEnum(choice.audience) })),
        })
        .then(asUser),
    setPublicCity: (_parent, args: { city?: string | null }, context: ProfileContext) => context.profiles.choosePublicCity(actorOf(context), args.city ?? null).then(asUser),
    setTimeZone: (_parent, args: { zone: string }, context: ProfileContext) => context.profiles.setTimeZone(actorOf(context), args.zone).then(asUser),
    removeVoiceIntro: (_parent, _args, context: ProfileContext) => context.voice.remove(actorOf(context)).then(asUser),
    startVerification: (_parent, _args, context: ProfileContext) => context.verification.start(actorOf(context)).then(verificationToGraphql),
  },
  User: {
    __resolveReference: async (reference: { id: number }, context: ProfileContext) => asUser(await context.profiles.viewAs(viewerOf(context), Number(reference.id))),
    id: (parent: UserParent) => parent.id,
    gender: (parent: UserParent) => parent.profile.gender,
    bio: (parent: UserParent) => parent.profile.bio,
    photos: (parent: UserParent, _args, context: ProfileContext) => parent.profile.photoIds.map((id) => context.urls.photo(id)),
    avatarUrl: (parent: UserParent, _args, context: ProfileContext) => {
      const first = parent.profile.photoIds[0];
      return first ? context.urls.photo(first).thumbnailUrl : context.urls.avatar(parent.id);
    },
    // Anyone who is shown the person (their recording is served under the same rule as their photos).
    voiceIntro: (parent: UserParent, _args, context: ProfileContext) => (parent.profile.voiceIntro ? voiceIntroView(context.urls, parent.profile.voiceIntro) : null),
    kinks: (parent: UserParent) => parent.profile.kinks,
    kinkVisibility: (parent: UserParent, _args, context: ProfileContext) => ownOnly(parent, context, visibilityToGraphql(parent.profile.kinkVisibility)),
    interests: (parent: UserParent) => parent.profile.interests,
    // Exact activity times are the person's own; between matches, presence comes from the chat service.
    lastSeen: (parent: UserParent, _args, context: ProfileContext) => ownOnly(parent, context, parent.profile.lastSeen),
    isVerified: (parent: UserParent) => parent.profile.isVerified,
    verification: (parent: UserParent, _args, context: ProfileContext) => ownOnly(parent, context, verificationToGraphql(verificationViewOf(parent.profile))),
    onboardingCompleted: (parent: UserParent) => parent.profile.onboardingCompleted,
    location: (parent: UserParent, _args, context: ProfileContext) => ownOnly(parent, context, parent.profile.location?.text ?? null),
    publicCity: (parent: UserParent) => parent.profile.publicCity,
    latitude: (parent: UserParent, _args, context: ProfileContext) => ownOnly(parent, context, parent.profile.location?.latitude ?? null),
    longitude: (parent: UserParent, _args, context: ProfileContext) => ownOnly(parent, context, parent.profile.location?.longitude ?? null),
    notificationPreferences: (parent: UserParent, _args, context: ProfileContext) => ownOnly(parent, context, parent.profile.notificationPreferences),
    timeZone: (parent: UserParent, _args, context: ProfileContext) => ownOnly(parent, context, parent.profile.timeZone),
  },
};

/** GraphQL's null for an omitted input field means "missing" to the validation rules. */
function withoutNulls(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null && value !== undefined));
}
