import { ProfileMessages } from '@nocturne/contracts';
import { decide, type ProfileCommand } from './businessLogic';
import { evolve, foldProfile, initialProfile, type ProfileEvent } from './profile';
import { RuleViolation } from '@nocturne/platform/domain';

const userId = 7;
const now = '2026-01-01T21:00:00.000Z';
const photo = (n: number) => n.toString(16).padStart(32, '0');

/** given events, when a command, then events (or a rule violation). */
function given(events: ProfileEvent[]) {
  const state = foldProfile(userId, events);
  return {
    when: (command: ProfileCommand) => ({
      then: (expected: ProfileEvent[]) => expect(decide(command, state)).toEqual(expected),
      thenFails: (code: string, field?: string, message?: string) => {
        let thrown: unknown;
        try {
          decide(command, state);
        } catch (error) {
          thrown = error;
        }
        expect(thrown).toBeInstanceOf(RuleViolation);
        const violation = thrown as RuleViolation;
        expect(violation.code).toBe(code);
        if (field !== undefined) expect(violation.field).toBe(field);
        if (message !== undefined) expect(violation.message).toBe(message);
      },
    }),
  };
}

const created: ProfileEvent = { type: 'ProfileCreated', data: { userId, name: 'Luna', createdAt: now } };
const photoAdded = (...ids: string[]): ProfileEvent[] =>
  ids.map((photoId, index) => ({ type: 'PhotoAdded', data: { userId, photoId, photoIds: ids.slice(0, index + 1), addedAt: now } }));

describe('profile decider', () => {
  describe('CreateProfile', () => {
    it('creates the profile of a registered user', () => {
      given([]).when({ type: 'CreateProfile', userId, name: 'Luna', now }).then([created]);
    });

    it('does nothing the second time (redelivered UserRegistered)', () => {
      given([created]).when({ type: 'CreateProfile', userId, name: 'Luna', now }).then([]);
    });

    it('only fills in the name of a profile its owner created by writing first', () => {
      const early: ProfileEvent = { type: 'ProfileCreated', data: { userId, name: null, createdAt: now } };
      given([early]).when({ type: 'CreateProfile', userId, name: 'Luna', now }).then([{ type: 'AccountNameChanged', data: { userId, name: 'Luna' } }]);
    });

    it('never brings back an erased profile', () => {
      given([created, { type: 'ProfileErased', data: { userId, photoIds: [], erasedAt: now } }]).when({ type: 'CreateProfile', userId, name: 'Luna', now }).then([]);
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
        isOnline: false,
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
      given([created, ...photoAdded(photo(1), photo(2))])
        .when({ type: 'CompleteOnboarding', now, input: { gender: 'Female', photos: [photo(2), photo(1)], kinks: ['Rope Play'], interests: ['Astronomy'], bio: 'Night owl' } })
        .then([
          {
            type: 'OnboardingCompleted',
            data: { userId, gender: 'Female', bio: 'Night owl', photoIds: [photo(2), photo(1)], kinks: ['Rope Play'], interests: ['Astronomy'], completedAt: now },
          },
        ]);
    });

    it('defaults the gender to Other and keeps uploaded photos when skipped', () => {
      given([created, ...photoAdded(photo(1))])
        .when({ type: 'CompleteOnboarding', now, input: {} })
        .then([{ type: 'OnboardingCompleted', data: { userId, gender: 'Other', bio: null, photoIds: [photo(1)], kinks: [], interests: [], completedAt: now } }]);
    });

    it("accepts the onboarding list's 'Role Playing' as 'Role Play'", () => {
      const [event] = decide({ type: 'CompleteOnboarding', now, input: { gender: 'Male', kinks: ['Role Playing'] } }, foldProfile(userId, [created]));
      expect(event).toMatchObject({ type: 'OnboardingCompleted', data: { kinks: ['Role Play'] } });
    });

    it('rejects a kink outside the catalogue, naming the field', () => {
      given([created]).when({ type: 'CompleteOnboarding', now, input: { gender: 'Male', kinks: ['Knitting'] } }).thenFails('BAD_USER_INPUT', 'kinks', ProfileMessages.kinks);
    });

    it('rejects an interest outside the catalogue', () => {
      given([created]).when({ type: 'CompleteOnboarding', now, input: { interests: ['Rope Play'] } }).thenFails('BAD_USER_INPUT', 'interests');
    });

    it('rejects a bio over 500 characters', () => {
      given([created]).when({ type: 'CompleteOnboarding', now, input: { bio: 'x'.repeat(501) } }).thenFails('BAD_USER_INPUT', 'bio', ProfileMessages.bio);
    });

    it('rejects an unknown gender', () => {
      given([created]).when({ type: 'CompleteOnboarding', now, input: { gender: 'Robot' } }).thenFails('BAD_USER_INPUT', 'gender');
    });

    it("rejects a photo that is not the profile's own", () => {
      given([created]).when({ type: 'CompleteOnboarding', now, input: { photos: [photo(9)] } }).thenFails('BAD_USER_INPUT', 'photos', ProfileMessages.photoUnknown);
    });

    it('creates the profile first when its owner writes before UserRegistered arrived', () => {
      const events = decide({ type: 'CompleteOnboarding', now, input: { gender: 'Male' } }, initialProfile(userId));
      expect(events.map((event) => event.type)).toEqual(['ProfileCreated', 'OnboardingCompleted']);
    });
  });

  describe('UpdateProfile', () => {
    const input = { gender: 'Male', bio: '', photos: [photo(1)], kinks: ['Switch'], interests: ['Design'] };

    it('replaces the public details and removes the photos left out', () => {
      given([created, ...photoAdded(photo(1), photo(2))])
        .when({ type: 'UpdateProfile', now, input })
        .then([
          { type: 'PhotoRemoved', data: { userId, photoId: photo(2), photoIds: [photo(1)], removedAt: now } },
          { type: 'ProfileUpdated', data: { userId, gender: 'Male', bio: null, photoIds: [photo(1)], kinks: ['Switch'], interests: ['Design'], updatedAt: now } },
        ]);
    });

    it('accepts photo URLs it handed out in place of ids', () => {
      const [event] = decide({ type: 'UpdateProfile', now, input: { ...input, photos: [`/api/photos/${photo(1)}/display`] } }, foldProfile(userId, [created, ...photoAdded(photo(1))]));
      expect(event).toMatchObject({ type: 'ProfileUpdated', data: { photoIds: [photo(1)] } });
    });

    it('requires the gender', () => {
      given([created]).when({ type: 'UpdateProfile', now, input: { ...input, photos: [], gender: undefined } }).thenFails('BAD_USER_INPUT', 'gender');
    });

    it('rejects more than 6 photos', () => {
      const ids = [1, 2, 3, 4, 5, 6, 7].map(photo);
      given([created]).when({ type: 'UpdateProfile', now, input: { ...input, photos: ids } }).thenFails('BAD_USER_INPUT', 'photos', ProfileMessages.photos);
    });

    it('rejects duplicate kinks', () => {
      given([created]).when({ type: 'UpdateProfile', now, input: { ...input, photos: [], kinks: ['Brat', 'Brat'] } }).thenFails('BAD_USER_INPUT', 'kinks', ProfileMessages.kinkDuplicate);
    });
  });

  describe('photos', () => {
    it('adds a photo at the end', () => {
      given([created, ...photoAdded(photo(1))])
        .when({ type: 'AddPhoto', photoId: photo(2), now })
        .then([{ type: 'PhotoAdded', data: { userId, photoId: photo(2), photoIds: [photo(1), photo(2)], addedAt: now } }]);
    });

    it('refuses a 7th photo', () => {
      given([created, ...photoAdded(...[1, 2, 3, 4, 5, 6].map(photo))]).when({ type: 'AddPhoto', photoId: photo(7), now }).thenFails('BAD_USER_INPUT', 'photos', ProfileMessages.photos);
    });

    it('removes a photo of the profile', () => {
      given([created, ...photoAdded(photo(1), photo(2))])
        .when({ type: 'RemovePhoto', photoId: photo(1), now })
        .then([{ type: 'PhotoRemoved', data: { userId, photoId: photo(1), photoIds: [photo(2)], removedAt: now } }]);
    });

    it('answers NOT_FOUND for a photo it does not have', () => {
      given([created]).when({ type: 'RemovePhoto', photoId: photo(1), now }).thenFails('NOT_FOUND');
    });
  });

  describe('location, preferences, time zone', () => {
    it('keeps the exact position with its text', () => {
      given([created])
        .when({ type: 'UpdateLocation', now, input: { latitude: 52.52, longitude: 13.405, location: '52.52, 13.405' } })
        .then([{ type: 'LocationUpdated', data: { userId, latitude: 52.52, longitude: 13.405, location: '52.52, 13.405', updatedAt: now } }]);
    });

    it('writes the position as text when no place text is given', () => {
      given([created])
        .when({ type: 'UpdateLocation', now, input: { latitude: 48.8566, longitude: 2.3522 } })
        .then([{ type: 'LocationUpdated', data: { userId, latitude: 48.8566, longitude: 2.3522, location: '48.8566, 2.3522', updatedAt: now } }]);
    });

    it('rejects a latitude beyond 90', () => {
      given([created]).when({ type: 'UpdateLocation', now, input: { latitude: 91, longitude: 0 } }).thenFails('BAD_USER_INPUT', 'latitude', ProfileMessages.latitude);
    });

    it('rejects a longitude that is not a number', () => {
      given([created]).when({ type: 'UpdateLocation', now, input: { latitude: 0, longitude: '13' } }).thenFails('BAD_USER_INPUT', 'longitude');
    });

    it('stores notification preferences', () => {
      given([created])
        .when({ type: 'ChangeNotificationPreferences', now, input: { matches: false, messages: true, likes: true, marketing: false } })
        .then([{ type: 'NotificationPreferencesChanged', data: { userId, matches: false, messages: true, likes: true, marketing: false, changedAt: now } }]);
    });

    it('rejects a preference that is not a boolean', () => {
      given([created]).when({ type: 'ChangeNotificationPreferences', now, input: { matches: 'yes', messages: true, likes: true, marketing: false } }).thenFails('BAD_USER_INPUT', 'matches');
    });

    it('sets an IANA time zone once', () => {
      given([created]).when({ type: 'SetTimeZone', timeZone: 'Europe/Berlin', now }).then([{ type: 'TimeZoneSet', data: { userId, timeZone: 'Europe/Berlin', setAt: now } }]);
      given([created, { type: 'TimeZoneSet', data: { userId, timeZone: 'Europe/Berlin', setAt: now } }]).when({ type: 'SetTimeZone', timeZone: 'Europe/Berlin', now }).then([]);
    });

    it('rejects an unknown time zone', () => {
      given([created]).when({ type: 'SetTimeZone', timeZone: 'Moon/Dark_Side', now }).thenFails('BAD_USER_INPUT', 'timeZone', ProfileMessages.timeZone);
    });
  });

  describe('EraseProfile', () => {
    it('erases everything, naming the photos to delete', () => {
      given([created, ...photoAdded(photo(1))]).when({ type: 'EraseProfile', now }).then([{ type: 'ProfileErased', data: { userId, photoIds: [photo(1)], erasedAt: now } }]);
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
      given([created, { type: 'ProfileErased', data: { userId, photoIds: [], erasedAt: now } }]).when({ type: 'EraseProfile', now }).then([]);
    });

    it('refuses writes to an erased profile', () => {
      given([created, { type: 'ProfileErased', data: { userId, photoIds: [], erasedAt: now } }]).when({ type: 'UpdateLocation', now, input: { latitude: 1, longitude: 1 } }).thenFails('NOT_FOUND');
    });

    it('ignores events after the erasure', () => {
      const erased = { ...initialProfile(userId), status: 'erased' as const };
      expect(evolve(erased, created)).toBe(erased);
    });
  });
});
