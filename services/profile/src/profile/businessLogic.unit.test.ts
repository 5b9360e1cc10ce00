import { kinksVisibleTo, kinkVisibilitySchema, locationSchema, publicCitySchema, notificationPreferencesSchema, onboardingUpdateSchema, profileDetailsUpdateSchema, ProfileMessages, timeZoneInputSchema } from '@nocturne/contracts';
import { parseInput, RuleViolation } from '@nocturne/platform/domain';
import { deciderSpecification } from '@nocturne/platform/testing';
import { decide, profileDecider } from './businessLogic';
import { evolve, foldProfile, initialProfile, type ProfileEvent } from './profile';

const userId = 7;
const at = new Date('2026-01-01T21:00:00.000Z');
const now = at.toISOString();
const photo = (n: number) => n.toString(16).padStart(32, '0');

const spec = deciderSpecification(profileDecider(userId));
// Inputs are parsed at the edge with the contracts' schemas, as the application does.
const onboarding = (input: unknown) => parseInput(onboardingUpdateSchema, input);
const profileEdit = (input: unknown) => parseInput(profileDetailsUpdateSchema, input);
const location = (input: unknown) => parseInput(locationSchema, input);
const preferences = (input: unknown) => parseInput(notificationPreferencesSchema, input);
const kinkVisibility = (input: unknown) => parseInput(kinkVisibilitySchema, input);
const timeZone = (input: unknown) => parseInput(timeZoneInputSchema, { timeZone: input }).timeZone;

/** The input or the rule refuses with this code (and field, and message). */
function refused(run: () => unknown, code: string, field?: string, message?: string) {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(RuleViolation);
  const violation = thrown as RuleViolation;
  expect(violation.code).toBe(code);
  if (field !== undefined) expect(violation.field).toBe(field);
  if (message !== undefined) expect(violation.message).toBe(message);
}

const created: ProfileEvent = { type: 'ProfileCreated', data: { userId, name: 'Luna', createdAt: now } };
const photoAdded = (...ids: string[]): ProfileEvent[] => ids.map((photoId, index) => ({ type: 'PhotoAdded', data: { userId, photoId, photoIds: ids.slice(0, index + 1), addedAt: now } }));
/** The id of the blurred copy an earlier version made of a photo (a random id of its own there). */
const blurOf = (photoId: string) => `f${photoId.slice(1)}`;

describe('profile decider', () => {
  describe('CreateProfile', () => {
    it('creates the profile of a registered user', () => {
      spec.given([]).when({ type: 'CreateProfile', userId, name: 'Luna', now: at }).then([created]);
    });

    it('does nothing the second time (redelivered UserRegistered)', () => {
      spec.given([created]).when({ type: 'CreateProfile', userId, name: 'Luna', now: at }).then([]);
    });

    it('only fills in the name of a profile its owner created by writing first', () => {
      const early: ProfileEvent = { type: 'ProfileCreated', data: { userId, name: null, createdAt: now } };
      spec.given([early]).when({ type: 'CreateProfile', userId, name: 'Luna', now: at }).then([{ type: 'AccountNameChanged', data: { userId, name: 'Luna' } }]);
    });

    it('never brings back an erased profile', () => {
      spec.given([created, { type: 'ProfileErased', data: { userId, photoIds: [], erasedAt: now } }]).when({ type: 'CreateProfile', userId, name: 'Luna', now: at }).then([]);
    });
  });

  describe('defaults', () => {
    it('starts with the defaults of the spec', () => {
      const profile = foldProfile(userId, [created]);
      expect(profile).toMatchObject({
        status: 'active',
        gender: null,
        bio: null,
        photoIds: [],
        kinks: [],
        interests: [],
        isVerified: false,
        onboardingCompleted: false,
        lastSeen: now,
        notificationPreferences: { matches: true, messages: true, likes: false, marketing: false },
        timeZone: null,
        location: null,
      });
    });
  });

  describe('CompleteOnboarding', () => {
    it('saves gender, photos, kinks, interests and bio', () => {
      spec.given([created, ...photoAdded(photo(1), photo(2))]).when({ type: 'CompleteOnboarding', now: at, details: onboarding({ gender: 'Female', photos: [photo(2), photo(1)], kinks: ['Rope Play'], interests: ['Astronomy'], bio: 'Night owl' }) })
        .then([
          {
            type: 'OnboardingCompleted',
            data: { userId, gender: 'Female', bio: 'Night owl', photoIds: [photo(2), photo(1)], kinks: ['Rope Play'], interests: ['Astronomy'], completedAt: now },
          },
        ]);
    });

    it('defaults the gender to Other and keeps uploaded photos when skipped', () => {
      spec.given([created, ...photoAdded(photo(1))]).when({ type: 'CompleteOnboarding', now: at, details: onboarding({}) })
        .then([{ type: 'OnboardingCompleted', data: { userId, gender: 'Other', bio: null, photoIds: [photo(1)], kinks: [], interests: [], completedAt: now } }]);
    });

    it("accepts the onboarding list's 'Role Playing' as 'Role Play'", () => {
      const [event] = decide({ type: 'CompleteOnboarding', now: at, details: onboarding({ gender: 'Male', kinks: ['Role Playing'] }) }, foldProfile(userId, [created]));
      expect(event).toMatchObject({ type: 'OnboardingCompleted', data: { kinks: ['Role Play'] } });
    });

    it('rejects a kink outside the catalogue, naming the field', () => {
      refused(() => spec.given([created]).when({ type: 'CompleteOnboarding', now: at, details: onboarding({ gender: 'Male', kinks: ['Knitting'] }) }).then([]), 'BAD_USER_INPUT', 'kinks', ProfileMessages.kinks);
    });

    it('rejects an interest outside the catalogue', () => {
      refused(() => spec.given([created]).when({ type: 'CompleteOnboarding', now: at, details: onboarding({ interests: ['Rope Play'] }) }).then([]), 'BAD_USER_INPUT', 'interests');
    });

    it('rejects a bio over 500 characters', () => {
      refused(() => spec.given([created]).when({ type: 'CompleteOnboarding', now: at, details: onboarding({ bio: 'x'.repeat(501) }) }).then([]), 'BAD_USER_INPUT', 'bio', ProfileMessages.bio);
    });

    it('rejects an unknown gender', () => {
      refused(() => spec.given([created]).when({ type: 'CompleteOnboarding', now: at, details: onboarding({ gender: 'Robot' }) }).then([]), 'BAD_USER_INPUT', 'gender');
    });

    it("rejects a photo that is not the profile's own", () => {
      refused(() => spec.given([created]).when({ type: 'CompleteOnboarding', now: at, details: onboarding({ photos: [photo(9)] }) }).then([]), 'BAD_USER_INPUT', 'photos', ProfileMessages.photoUnknown);
    });

    it('creates the profile first when its owner writes before UserRegistered arrived', () => {
      const events = decide({ type: 'CompleteOnboarding', now: at, details: onboarding({ gender: 'Male' }) }, initialProfile(userId));
      expect(events.map((event) => event.type)).toEqual(['ProfileCreated', 'OnboardingCompleted']);
    });
  });

  describe('UpdateProfile', () => {
    const input = { gender: 'Male', bio: '', photos: [photo(1)], kinks: ['Switch'], interests: ['Design'] };

    it('replaces the public details and removes the photos left out', () => {
      spec.given([created, ...photoAdded(photo(1), photo(2))]).when({ type: 'UpdateProfile', now: at, details: profileEdit(input) })
        .then([
          { type: 'PhotoRemoved', data: { userId, photoId: photo(2), photoIds: [photo(1)], removedAt: now } },
          { type: 'ProfileUpdated', data: { userId, gender: 'Male', bio: null, photoIds: [photo(1)], kinks: ['Switch'], interests: ['Design'], updatedAt: now } },
        ]);
    });

    it('accepts photo URLs it handed out in place of ids', () => {
      const [event] = decide({ type: 'UpdateProfile', now: at, details: profileEdit({ ...input, photos: [`/api/photos/${photo(1)}/display`] }) }, foldProfile(userId, [created, ...photoAdded(photo(1))]));
      expect(event).toMatchObject({ type: 'ProfileUpdated', data: { photoIds: [photo(1)] } });
    });

    it('requires the gender', () => {
      refused(() => spec.given([created]).when({ type: 'UpdateProfile', now: at, details: profileEdit({ ...input, photos: [], gender: undefined }) }).then([]), 'BAD_USER_INPUT', 'gender');
    });

    it('rejects more than 6 photos', () => {
      const ids = [1, 2, 3, 4, 5, 6, 7].map(photo);
      refused(() => spec.given([created]).when({ type: 'UpdateProfile', now: at, details: profileEdit({ ...input, photos: ids }) }).then([]), 'BAD_USER_INPUT', 'photos', ProfileMessages.photos);
    });

    it('rejects duplicate kinks', () => {
      refused(() => spec.given([created]).when({ type: 'UpdateProfile', now: at, details: profileEdit({ ...input, photos: [], kinks: ['Brat', 'Brat'] }) }).then([]), 'BAD_USER_INPUT', 'kinks', ProfileMessages.kinkDuplicate);
    });
  });

  describe('photos', () => {
    it('adds a photo at the end', () => {
      spec.given([created, ...photoAdded(photo(1))]).when({ type: 'AddPhoto', photoId: photo(2), now: at })
        .then([{ type: 'PhotoAdded', data: { userId, photoId: photo(2), photoIds: [photo(1), photo(2)], addedAt: now } }]);
    });

    it('refuses a 7th photo', () => {
      refused(() => spec.given([created, ...photoAdded(...[1, 2, 3, 4, 5, 6].map(photo))]).when({ type: 'AddPhoto', photoId: photo(7), now: at }).then([]), 'BAD_USER_INPUT', 'photos', ProfileMessages.photos);
    });

    it('removes a photo of the profile', () => {
      spec.given([created, ...photoAdded(photo(1), photo(2))]).when({ type: 'RemovePhoto', photoId: photo(1), now: at })
        .then([{ type: 'PhotoRemoved', data: { userId, photoId: photo(1), photoIds: [photo(2)], removedAt: now } }]);
    });

    describe('blurred copies an earlier version made (its events are never rewritten)', () => {
      // As that version stored them: a copy with each upload, one made later for an older photo, and the
      // blurred cover on every event that changed the photos.
      const earlier = [
        created,
        { type: 'PhotoAdded', data: { userId, photoId: photo(1), photoIds: [photo(1)], blurredId: blurOf(photo(1)), coverBlurredId: blurOf(photo(1)), addedAt: now } },
        { type: 'PhotoAdded', data: { userId, photoId: photo(2), photoIds: [photo(1), photo(2)], addedAt: now } },
        { type: 'BlurredCopyMade', data: { userId, photoId: photo(2), blurredId: blurOf(photo(2)), photoIds: [photo(1), photo(2)], coverBlurredId: blurOf(photo(1)), madeAt: now } },
      ] as ProfileEvent[];

      it('replays them, and makes no copy of a new photo', () => {
        expect(foldProfile(userId, earlier).photoIds).toEqual([photo(1), photo(2)]);
        spec.given(earlier).when({ type: 'AddPhoto', photoId: photo(3), now: at }).then([{ type: 'PhotoAdded', data: { userId, photoId: photo(3), photoIds: [photo(1), photo(2), photo(3)], addedAt: now } }]);
      });

      it('names the copy of a removed photo, so that its file goes too', () => {
        spec.given(earlier).when({ type: 'RemovePhoto', photoId: photo(2), now: at })
          .then([{ type: 'PhotoRemoved', data: { userId, photoId: photo(2), photoIds: [photo(1)], blurredId: blurOf(photo(2)), removedAt: now } }]);
        spec.given(earlier).when({ type: 'UpdateProfile', now: at, details: profileEdit({ gender: 'Male', bio: '', photos: [photo(2)], kinks: [], interests: [] }) })
          .then([
            { type: 'PhotoRemoved', data: { userId, photoId: photo(1), photoIds: [photo(2)], blurredId: blurOf(photo(1)), removedAt: now } },
            { type: 'ProfileUpdated', data: { userId, gender: 'Male', bio: null, photoIds: [photo(2)], kinks: [], interests: [], updatedAt: now } },
          ]);
      });

      it('names every copy left when the profile is erased', () => {
        spec.given(earlier).when({ type: 'EraseProfile', now: at }).then([{ type: 'ProfileErased', data: { userId, photoIds: [photo(1), photo(2)], blurredIds: [blurOf(photo(1)), blurOf(photo(2))], erasedAt: now } }]);
      });
    });

    it('answers NOT_FOUND for a photo it does not have', () => {
      refused(() => spec.given([created]).when({ type: 'RemovePhoto', photoId: photo(1), now: at }).then([]), 'NOT_FOUND');
    });
  });

  describe('ArrangePhotos', () => {
    const three = [created, ...photoAdded(photo(1), photo(2), photo(3))];

    it('puts the photos in the new order, the first becoming the main photo', () => {
      spec.given(three).when({ type: 'ArrangePhotos', photoIds: [photo(3), photo(1), photo(2)], now: at })
        .then([{ type: 'PhotosArranged', data: { userId, photoIds: [photo(3), photo(1), photo(2)], arrangedAt: now } }]);
      expect(foldProfile(userId, [...three, { type: 'PhotosArranged', data: { userId, photoIds: [photo(2), photo(3), photo(1)], arrangedAt: now } }]).photoIds).toEqual([photo(2), photo(3), photo(1)]);
    });

    it('records nothing when the order is the same', () => {
      spec.given(three).when({ type: 'ArrangePhotos', photoIds: [photo(1), photo(2), photo(3)], now: at }).then([]);
    });

    it('refuses a photo that is not the profile\'s, and a list that leaves one out', () => {
      refused(() => spec.given(three).when({ type: 'ArrangePhotos', photoIds: [photo(3), photo(1), photo(9)], now: at }).then([]), 'BAD_USER_INPUT', 'photos', ProfileMessages.photoUnknown);
      refused(() => spec.given(three).when({ type: 'ArrangePhotos', photoIds: [photo(3), photo(1)], now: at }).then([]), 'BAD_USER_INPUT', 'photos', ProfileMessages.photoOrder);
    });

    it('refuses on a profile that was erased', () => {
      refused(() => spec.given([...three, { type: 'ProfileErased', data: { userId, photoIds: [], erasedAt: now } }]).when({ type: 'ArrangePhotos', photoIds: [], now: at }).then([]), 'NOT_FOUND');
    });
  });

  describe('location, preferences, time zone', () => {
    it('keeps the exact position with its text', () => {
      spec.given([created]).when({ type: 'UpdateLocation', now: at, location: location({ latitude: 52.52, longitude: 13.405, location: '52.52, 13.405' }) })
        .then([{ type: 'LocationUpdated', data: { userId, latitude: 52.52, longitude: 13.405, location: '52.52, 13.405', updatedAt: now } }]);
    });

    it('writes the position as text when no place text is given', () => {
      spec.given([created]).when({ type: 'UpdateLocation', now: at, location: location({ latitude: 48.8566, longitude: 2.3522 }) })
        .then([{ type: 'LocationUpdated', data: { userId, latitude: 48.8566, longitude: 2.3522, location: '48.8566, 2.3522', updatedAt: now } }]);
    });

    describe('a jump faster than an airliner (1,000 km/h beyond 20 km) waits', () => {
      const berlin = { latitude: 52.52, longitude: 13.405 };
      const sydney = { latitude: -33.8688, longitude: 151.2093 };
      const paris = { latitude: 48.8566, longitude: 2.3522 };
      const inBerlin: ProfileEvent = { type: 'LocationUpdated', data: { userId, ...berlin, location: '52.52, 13.405', updatedAt: now } };
      const later = (minutes: number) => new Date(at.getTime() + minutes * 60_000);
      const moveTo = (position: { latitude: number; longitude: number }, minutes: number) => ({ type: 'UpdateLocation' as const, now: later(minutes), location: location(position) });
      const waitOf = (run: () => unknown) => {
        try {
          run();
        } catch (error) {
          expect(error).toBeInstanceOf(RuleViolation);
          expect((error as RuleViolation).code).toBe('RATE_LIMITED');
          expect((error as RuleViolation).message).toBe(ProfileMessages.locationTooFarTooSoon);
          return (error as RuleViolation).details.retryAfterSeconds;
        }
        throw new Error('the move was accepted');
      };

      it('takes a first position anywhere', () => {
        spec.given([created]).when(moveTo(sydney, 0)).then([{ type: 'LocationUpdated', data: { userId, ...sydney, location: '-33.8688, 151.2093', updatedAt: now } }]);
      });

      it('takes GPS jitter and a move across town at once', () => {
        const acrossTown = { latitude: 52.52 + 15 / 111, longitude: 13.405 };
        spec.given([created, inBerlin]).when(moveTo(acrossTown, 0)).then([{ type: 'LocationUpdated', data: { userId, ...acrossTown, location: `${acrossTown.latitude}, 13.405`, updatedAt: now } }]);
      });

      it('refuses Berlin to Sydney a minute later, saying when it becomes possible', () => {
        // About 16,000 km: 16 hours of flight, less the minute that passed.
        const wait = waitOf(() => spec.given([created, inBerlin]).when(moveTo(sydney, 1)).then([]));
        expect(wait).toBeGreaterThan(15.9 * 3600);
        expect(wait).toBeLessThan(16.1 * 3600);
      });

      it('takes Berlin to Paris once a flight could have landed, not before', () => {
        // 878 km, of which 858 beyond the allowance: 51.5 minutes.
        const wait = waitOf(() => spec.given([created, inBerlin]).when(moveTo(paris, 30)).then([]));
        expect(wait).toBeGreaterThanOrEqual(21 * 60);
        expect(wait).toBeLessThanOrEqual(22 * 60);
        spec.given([created, inBerlin]).when(moveTo(paris, 52)).then([{ type: 'LocationUpdated', data: { userId, ...paris, location: '48.8566, 2.3522', updatedAt: later(52).toISOString() } }]);
      });
    });

    it('rejects a latitude beyond 90', () => {
      refused(() => spec.given([created]).when({ type: 'UpdateLocation', now: at, location: location({ latitude: 91, longitude: 0 }) }).then([]), 'BAD_USER_INPUT', 'latitude', ProfileMessages.latitude);
    });

    it('rejects a longitude that is not a number', () => {
      refused(() => spec.given([created]).when({ type: 'UpdateLocation', now: at, location: location({ latitude: 0, longitude: '13' }) }).then([]), 'BAD_USER_INPUT', 'longitude');
    });

    it('stores notification preferences', () => {
      spec.given([created]).when({ type: 'ChangeNotificationPreferences', now: at, preferences: preferences({ matches: false, messages: true, likes: true, marketing: false }) })
        .then([{ type: 'NotificationPreferencesChanged', data: { userId, matches: false, messages: true, likes: true, marketing: false, changedAt: now } }]);
    });

    it('rejects a preference that is not a boolean', () => {
      refused(() => spec.given([created]).when({ type: 'ChangeNotificationPreferences', now: at, preferences: preferences({ matches: 'yes', messages: true, likes: true, marketing: false }) }).then([]), 'BAD_USER_INPUT', 'matches');
    });

    it('sets an IANA time zone once', () => {
      spec.given([created]).when({ type: 'SetTimeZone', timeZone: timeZone('Europe/Berlin'), now: at }).then([{ type: 'TimeZoneSet', data: { userId, timeZone: 'Europe/Berlin', setAt: now } }]);
      spec.given([created, { type: 'TimeZoneSet', data: { userId, timeZone: 'Europe/Berlin', setAt: now } }]).when({ type: 'SetTimeZone', timeZone: timeZone('Europe/Berlin'), now: at }).then([]);
    });

    it('keeps the city the person chose to show, apart from their place text', () => {
      const city = (input: unknown) => parseInput(publicCitySchema, { city: input }).city;
      const located: ProfileEvent = { type: 'LocationUpdated', data: { userId, latitude: 52.52, longitude: 13.4, location: 'Torstrasse 1', updatedAt: now } };
      spec.given([created, located]).when({ type: 'ChoosePublicCity', city: city('  Berlin '), now: at }).then([{ type: 'PublicCityChanged', data: { userId, city: 'Berlin', changedAt: now } }]);
      const chosen: ProfileEvent = { type: 'PublicCityChanged', data: { userId, city: 'Berlin', changedAt: now } };
      spec.given([created, chosen]).when({ type: 'ChoosePublicCity', city: city('Berlin'), now: at }).then([]);
      spec.given([created, chosen]).when({ type: 'ChoosePublicCity', city: city(''), now: at }).then([{ type: 'PublicCityChanged', data: { userId, city: null, changedAt: now } }]);
      expect(foldProfile(userId, [created, located, chosen])).toMatchObject({ publicCity: 'Berlin', location: { text: 'Torstrasse 1' } });
    });

    it('refuses a city that is no place name or too long', () => {
      const city = (input: unknown) => parseInput(publicCitySchema, { city: input });
      for (const bad of ['52.52, 13.40', 'x'.repeat(81), 42, 'Ber\u0000lin']) refused(() => city(bad), 'BAD_USER_INPUT', 'city', ProfileMessages.publicCity);
      expect(city('Saint-Étienne').city).toBe('Saint-Étienne');
    });

    it('rejects an unknown time zone', () => {
      refused(() => spec.given([created]).when({ type: 'SetTimeZone', timeZone: timeZone('Moon/Dark_Side'), now: at }).then([]), 'BAD_USER_INPUT', 'timeZone', ProfileMessages.timeZone);
    });
  });

  describe('kinks shown by mutual consent', () => {
    const hidden: ProfileEvent = { type: 'KinkVisibilityChanged', data: { userId, audience: 'everyone', perKink: [{ kink: 'Rope Play', audience: 'sharers' }], changedAt: now } };

    it('keeps who may see the kinks, as a whole or one by one', () => {
      spec.given([created]).when({ type: 'ChangeKinkVisibility', visibility: kinkVisibility({ audience: 'everyone', perKink: [{ kink: 'Rope Play', audience: 'sharers' }] }), now: at }).then([hidden]);
      expect(foldProfile(userId, [created, hidden]).kinkVisibility).toEqual({ audience: 'everyone', perKink: [{ kink: 'Rope Play', audience: 'sharers' }] });
    });

    it('writes nothing when the choice is the one already kept', () => {
      spec.given([created, hidden]).when({ type: 'ChangeKinkVisibility', visibility: kinkVisibility({ audience: 'everyone', perKink: [{ kink: 'Rope Play', audience: 'sharers' }] }), now: at }).then([]);
      spec.given([created]).when({ type: 'ChangeKinkVisibility', visibility: kinkVisibility({ audience: 'everyone' }), now: at }).then([]);
    });

    it('refuses an unknown audience, an unknown kink and a kink chosen twice', () => {
      refused(() => kinkVisibility({ audience: 'friends' }), 'BAD_USER_INPUT', 'audience', ProfileMessages.kinkAudience);
      refused(() => kinkVisibility({ audience: 'everyone', perKink: [{ kink: 'Knitting', audience: 'sharers' }] }), 'BAD_USER_INPUT', undefined, ProfileMessages.kinks);
      refused(() => kinkVisibility({ audience: 'everyone', perKink: [{ kink: 'Brat', audience: 'sharers' }, { kink: 'Brat', audience: 'everyone' }] }), 'BAD_USER_INPUT', 'perKink', ProfileMessages.kinkVisibilityDuplicate);
    });

    it('shows a hidden kink only to a viewer who has it', () => {
      const visibility = kinkVisibility({ audience: 'sharers', perKink: [{ kink: 'Praise', audience: 'everyone' }] });
      const kinks = ['Rope Play', 'Praise', 'Brat'];
      expect(kinksVisibleTo(kinks, visibility, new Set())).toEqual(['Praise']);
      expect(kinksVisibleTo(kinks, visibility, new Set(['Brat', 'Switch']))).toEqual(['Praise', 'Brat']);
      expect(kinksVisibleTo(kinks, null, new Set())).toEqual(kinks);
    });
  });

  describe('EraseProfile', () => {
    it('erases everything, naming the photos to delete', () => {
      spec.given([created, ...photoAdded(photo(1))]).when({ type: 'EraseProfile', now: at }).then([{ type: 'ProfileErased', data: { userId, photoIds: [photo(1)], erasedAt: now } }]);
    });

    it('leaves nothing of the profile behind', () => {
      const erased = foldProfile(userId, [
        created,
        ...photoAdded(photo(1)),
        { type: 'LocationUpdated', data: { userId, latitude: 1, longitude: 2, location: null, updatedAt: now } },
        { type: 'ProfileErased', data: { userId, photoIds: [photo(1)], erasedAt: now } },
      ]);
      expect(erased).toEqual({ ...initialProfile(userId), status: 'erased' });
    });

    it('is idempotent', () => {
      spec.given([created, { type: 'ProfileErased', data: { userId, photoIds: [], erasedAt: now } }]).when({ type: 'EraseProfile', now: at }).then([]);
    });

    it('refuses writes to an erased profile', () => {
      refused(() => spec.given([created, { type: 'ProfileErased', data: { userId, photoIds: [], erasedAt: now } }]).when({ type: 'UpdateLocation', now: at, location: location({ latitude: 1, longitude: 1 }) }).then([]), 'NOT_FOUND');
    });

    it('ignores events after the erasure', () => {
      const erased = { ...initialProfile(userId), status: 'erased' as const };
      expect(evolve(erased, created)).toBe(erased);
    });
  });
});
