import { z } from 'zod';
import { Messages, ageSchema, locationSchema, onboardingUpdateSchema, parseAge, photoOrderSchema, profileUpdateSchema } from '@nocturne/contracts';
import { CURRENT_USER_FIELDS, arrangedPhotosAnswerSchema, currentUserAnswerSchema, okAnswerSchema, toCurrentUser, verificationAnswerSchema, type ArrangedPhotosAnswer, type CurrentUserData, type VerificationAnswer } from '@nocturne/contracts/api';
import { asObject, defineRoute, HttpError, parseWith, signedInUserId, validationError as validation, type ExecuteOperation, type RestRoute } from '@nocturne/platform/rest';

const notFound = (what: string) => ({ status: 404, description: what });
const tooManyPositionChanges = {
  status: 429,
  description: 'More position changes than LOCATION_CHANGES_PER_HOUR, or a jump from the last position faster than an airliner (1,000 km/h beyond 20 km); nothing is changed; Retry-After',
};

/**
 * Coordinates are JSON numbers only: the browser's geolocation hands out numbers, and text such as
 * "52,5" is ambiguous, so a string answers 400 naming the field.
 */
const coordinatesSchema = locationSchema.pick({ latitude: true, longitude: true });

const completeOnboarding = defineRoute({
  method: 'patch',
  path: '/api/user/:id',
  operationId: 'completeOnboarding',
  summary: "Onboarding's save: gender (Skip is Other), photos (ids or URLs of uploads, in order; omitted keeps them), kinks, interests, bio",
  tag: 'profile',
  access: 'signedIn',
  ownerParam: 'id',
  requestBody: onboardingUpdateSchema,
  success: { status: 200, description: 'The signed-in user after the save', schema: currentUserAnswerSchema },
  errors: [validation, notFound('The profile has been deleted')],
  handle: async ({ input, execute, context }) => {
    const data = await execute<{ completeOnboarding: CurrentUserData }>(
      `mutation CompleteOnboarding($input: OnboardingInput!, $userId: Int) { completeOnboarding(input: $input, userId: $userId) { ${CURRENT_USER_FIELDS} } }`,
      { input, userId: signedInUserId(context) },
    );
    return { body: { user: toCurrentUser(data.completeOnboarding) } };
  },
});

const updateOwnLocation = defineRoute({
  method: 'post',
  path: '/api/update-location',
  operationId: 'updateLocation',
  summary: "The signed-in user's exact position (JSON numbers). It stays with its owner; others only ever see a distance in whole km from a ~1 km grid cell",
  tag: 'profile',
  access: 'signedIn',
  requestBody: coordinatesSchema,
  success: { status: 200, description: 'Saved', schema: okAnswerSchema },
  errors: [validation, notFound('The profile has been deleted'), tooManyPositionChanges],
  handle: async ({ input, execute }) => {
    await execute(`mutation UpdateLocation($latitude: Float, $longitude: Float) { updateLocation(latitude: $latitude, longitude: $longitude) { id } }`, input);
    return { body: { ok: true as const } };
  },
});

const updateUserLocation = defineRoute({
  method: 'patch',
  path: '/api/users/:id/location',
  operationId: 'updateUserLocation',
  summary: "Position (JSON numbers) and place text ('lat, lon' or a place name) of the signed-in user, named by id",
  tag: 'profile',
  access: 'signedIn',
  ownerParam: 'id',
  requestBody: locationSchema,
  success: { status: 200, description: 'Saved', schema: okAnswerSchema },
  errors: [validation, notFound('The profile has been deleted'), tooManyPositionChanges],
  handle: async ({ input, execute, context }) => {
    await execute(
      `mutation UpdateUserLocation($latitude: Float, $longitude: Float, $location: String, $userId: Int) {
        updateLocation(latitude: $latitude, longitude: $longitude, location: $location, userId: $userId) { id }
      }`,
      { ...input, userId: signedInUserId(context) },
    );
    return { body: { ok: true as const } };
  },
});

/** The signed-in user's fields this service answers itself (CURRENT_USER_FIELDS has the others' too). */
const PROFILE_OWN_FIELDS = 'gender bio photos { url } avatarUrl kinks interests lastSeen location latitude longitude isVerified onboardingCompleted notificationPreferences { matches messages likes marketing } timeZone publicCity';
type ProfileOwnField = 'gender' | 'bio' | 'photos' | 'avatarUrl' | 'kinks' | 'interests' | 'lastSeen' | 'location' | 'latitude' | 'longitude' | 'isVerified' | 'onboardingCompleted' | 'notificationPreferences' | 'timeZone' | 'publicCity';
/** What the other services show of the signed-in user, but the name and age the edit sets. */
const OTHERS_FIELDS = 'id username email createdAt nightOwlScore isOnline stats { likes matches } discovery { visible missing }';

/** How long a profile edit's answer waits for the account to follow its name and age. */
const FOLLOW_WAIT_MS = 2_000;

/**
 * Waits, briefly, until the account shows the edit's name and age, so a client that reads the signed-in
 * user right after the answer sees its own edit. The edit is kept either way: when the auth service is
 * slow or away, the answer goes out after the wait and the account follows once it is back.
 */
async function followedAccount(execute: ExecuteOperation, accepted: { name: string; age: number }): Promise<void> {
  const deadline = Date.now() + FOLLOW_WAIT_MS;
  for (let wait = 10; Date.now() < deadline; wait = Math.min(wait * 2, 200)) {
    const shown = await execute<{ me: { name: string; age: number } | null }>(`query FollowedAccount { me { name age } }`).catch(() => undefined);
    if (!shown?.me || (shown.me.name === accepted.name && shown.me.age === accepted.age)) return;
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

// Profile forms send age as text, like sign-up's, so a whole-number string is accepted as well.
const profileUpdateBodySchema = profileUpdateSchema.extend({ age: z.union([ageSchema, z.string().regex(/^\s*\d+\s*$/)]) });

const updateProfile = defineRoute({
  method: 'put',
  path: '/api/profile',
  operationId: 'updateProfile',
  summary: 'The profile edit\'s save: name and age (account), bio, photos (ids or URLs, in order; left out ones are removed), gender, kinks, interests',
  tag: 'profile',
  access: 'signedIn',
  requestBody: profileUpdateBodySchema,
  parseInput: (body) => {
    const fields = asObject(body);
    return parseWith(profileUpdateSchema, { ...fields, age: parseAge(fields.age) });
  },
  success: { status: 200, description: 'The signed-in user after the save', schema: currentUserAnswerSchema },
  errors: [validation, notFound('The profile has been deleted')],
  handle: async ({ input, execute }) => {
    // One write, one owner (docs/design.md, "One owner per request"): the profile service takes the whole
    // edit in one append, name and age included, and the account follows them from its event. What the
    // other services show of the person is read first, so a service that is away answers 503 before
    // anything is written; once the edit is accepted, nothing can turn its answer into an error.
    const { me: before } = await execute<{ me: Omit<CurrentUserData, ProfileOwnField | 'name' | 'age'> | null }>(`query CurrentUser { me { ${OTHERS_FIELDS} } }`);
    if (!before) throw new HttpError(401, Messages.signedOut);
    const { updateProfile: edited } = await execute<{ updateProfile: Pick<CurrentUserData, ProfileOwnField> }>(
      `mutation UpdateProfile($input: ProfileInput!) { updateProfile(input: $input) { ${PROFILE_OWN_FIELDS} } }`,
      { input },
    );
    await followedAccount(execute, input);
    return { body: { user: toCurrentUser({ ...before, ...edited, name: input.name, age: input.age }) } };
  },
});

const arrangePhotos = defineRoute({
  method: 'put',
  path: '/api/profile/photos',
  operationId: 'arrangePhotos',
  summary: "The signed-in user's photos in a new order (ids or URLs of every one of their photos, once); the first is the main photo",
  tag: 'profile',
  access: 'signedIn',
  requestBody: photoOrderSchema,
  success: { status: 200, description: 'The photos in their new order', schema: arrangedPhotosAnswerSchema },
  errors: [validation, notFound('The profile has been deleted')],
  handle: async ({ input, execute }) => {
    const data = await execute<{ arrangePhotos: ArrangedPhotosAnswer }>(
      `mutation ArrangePhotos($photos: [String!]!) { arrangePhotos(photos: $photos) { photos { id url thumbnailUrl } } }`,
      { photos: input.photos },
    );
    return { body: { photos: data.arrangePhotos.photos } };
  },
});

const deleteAccount = defineRoute({
  method: 'delete',
  path: '/api/account',
  operationId: 'deleteAccount',
  summary: "Erase the signed-in user's account; every service erases its data (profile and photos included), every session ends",
  tag: 'account',
  access: 'signedIn',
  requestBody: z.object({}).describe('Empty; the JSON content type is still required'),
  parseInput: () => undefined,
  success: { status: 200, description: 'Erased; the session cookie is cleared', schema: okAnswerSchema, clearsSessionCookie: true },
  errors: [],
  handle: async ({ execute }) => {
    await execute(`mutation DeleteAccount { deleteAccount }`);
    return { body: { ok: true as const }, clearSession: true };
  },
});

type VerificationData = { status: string; gesture: string | null };
/** GraphQL's enum (`AWAITING_SELFIE`) as the REST answer spells it (`awaiting-selfie`). */
const toVerificationAnswer = (data: VerificationData): VerificationAnswer => ({
  verification: { status: data.status.toLowerCase().replace('_', '-') as VerificationAnswer['verification']['status'], gesture: data.gesture as VerificationAnswer['verification']['gesture'] },
});

const verificationStatus = defineRoute({
  method: 'get',
  path: '/api/verification',
  operationId: 'verificationStatus',
  summary: "Where the signed-in user's verification stands, and the gesture their selfie must show while one is asked for",
  tag: 'profile',
  access: 'signedIn',
  parseInput: () => undefined,
  success: { status: 200, description: 'The verification', schema: verificationAnswerSchema },
  errors: [],
  handle: async ({ execute }) => {
    const data = await execute<{ me: { verification: VerificationData | null } | null }>(`query Verification { me { verification { status gesture } } }`);
    if (!data.me) throw new HttpError(401, Messages.signedOut);
    return { body: toVerificationAnswer(data.me.verification ?? { status: 'NONE', gesture: null }) };
  },
});

const startVerification = defineRoute({
  method: 'post',
  path: '/api/verification',
  operationId: 'startVerification',
  summary: 'Ask to be verified: the server draws the gesture the selfie must show (the same one until a selfie is sent); then `POST /api/verification/selfie`',
  tag: 'profile',
  access: 'signedIn',
  requestBody: z.object({}).describe('Empty; the JSON content type is still required'),
  parseInput: () => undefined,
  success: { status: 200, description: 'The request, with its gesture', schema: verificationAnswerSchema },
  errors: [
    { status: 400, description: 'No photo to compare the selfie with; `field` is photos' },
    { status: 409, description: 'Already verified, or a selfie waits for review' },
  ],
  handle: async ({ execute }) => {
    const data = await execute<{ startVerification: VerificationData }>(`mutation StartVerification { startVerification { status gesture } }`);
    return { body: toVerificationAnswer(data.startVerification) };
  },
});

/** The profile's calls of the REST facade (onboarding, location, profile, account deletion), served by the gateway. */
export const profileRoutes: RestRoute[] = [completeOnboarding, updateOwnLocation, updateUserLocation, updateProfile, arrangePhotos, verificationStatus, startVerification, deleteAccount];
