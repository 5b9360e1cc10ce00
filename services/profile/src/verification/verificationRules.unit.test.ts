import { profileDetailsUpdateSchema, VerificationMessages } from '@nocturne/contracts';
import { parseInput, RuleViolation } from '@nocturne/platform/domain';
import { deciderSpecification } from '@nocturne/platform/testing';
import { profileDecider } from '../profile/businessLogic';
import type { ProfileEvent } from '../profile/profile';

const userId = 7;
const at = new Date('2026-01-01T21:00:00.000Z');
const now = at.toISOString();
const photo = (n: number) => n.toString(16).padStart(32, '0');
const spec = deciderSpecification(profileDecider(userId));

const created: ProfileEvent = { type: 'ProfileCreated', data: { userId, name: 'Luna', createdAt: now } };
const withPhotos = (...ids: string[]): ProfileEvent[] => ids.map((photoId, index) => ({ type: 'PhotoAdded', data: { userId, photoId, photoIds: ids.slice(0, index + 1), addedAt: now } }));
const requested: ProfileEvent = { type: 'VerificationRequested', data: { userId, requestId: 'r1', gesture: 'Thumbs up', requestedAt: now } };
const submitted: ProfileEvent = { type: 'VerificationSelfieSubmitted', data: { userId, requestId: 'r1', selfieId: 's1', submittedAt: now } };
const approved: ProfileEvent = { type: 'VerificationApproved', data: { userId, requestId: 'r1', selfieId: 's1', decidedAt: now } };
const refusedReview: ProfileEvent = { type: 'VerificationRefused', data: { userId, requestId: 'r1', selfieId: 's1', decidedAt: now } };
const lapsed: ProfileEvent = { type: 'VerificationLapsed', data: { userId, lapsedAt: now } };
const verified = [created, ...withPhotos(photo(1), photo(2)), requested, submitted, approved];

function refuses(run: () => unknown, code: string, message: string) {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(RuleViolation);
  expect({ code: (thrown as RuleViolation).code, message: (thrown as RuleViolation).message }).toEqual({ code, message });
}

describe('verification', () => {
  describe('RequestVerification', () => {
    it('keeps the gesture the server drew for a profile with a photo', () => {
      spec.given([created, ...withPhotos(photo(1))]).when({ type: 'RequestVerification', requestId: 'r1', gesture: 'Thumbs up', now: at }).then([requested]);
    });

    it('keeps the first gesture when asked again before a selfie was sent (no drawing until an easy one comes up)', () => {
      spec.given([created, ...withPhotos(photo(1)), requested]).when({ type: 'RequestVerification', requestId: 'r2', gesture: 'Peace sign', now: at }).then([]);
    });

    it('needs a photo to compare the selfie with', () => {
      refuses(() => spec.given([created]).when({ type: 'RequestVerification', requestId: 'r1', gesture: 'Thumbs up', now: at }).then([]), 'BAD_USER_INPUT', VerificationMessages.needsPhoto);
    });

    it('refuses while a selfie waits for review, and once verified', () => {
      refuses(() => spec.given([created, ...withPhotos(photo(1)), requested, submitted]).when({ type: 'RequestVerification', requestId: 'r2', gesture: 'Thumbs up', now: at }).then([]), 'CONFLICT', VerificationMessages.alreadyPending);
      refuses(() => spec.given(verified).when({ type: 'RequestVerification', requestId: 'r2', gesture: 'Thumbs up', now: at }).then([]), 'CONFLICT', VerificationMessages.alreadyVerified);
    });

    it('draws a new gesture after a refusal', () => {
      const again: ProfileEvent = { type: 'VerificationRequested', data: { userId, requestId: 'r2', gesture: 'Peace sign', requestedAt: now } };
      spec.given([created, ...withPhotos(photo(1)), requested, submitted, refusedReview]).when({ type: 'RequestVerification', requestId: 'r2', gesture: 'Peace sign', now: at }).then([again]);
    });
  });

  describe('SubmitVerificationSelfie', () => {
    it('puts the selfie of the open request up for review', () => {
      spec.given([created, ...withPhotos(photo(1)), requested]).when({ type: 'SubmitVerificationSelfie', selfieId: 's1', now: at }).then([submitted]);
    });

    it('refuses a selfie without a request, a second one while the first waits, and after a refusal until asked again', () => {
      refuses(() => spec.given([created, ...withPhotos(photo(1))]).when({ type: 'SubmitVerificationSelfie', selfieId: 's1', now: at }).then([]), 'CONFLICT', VerificationMessages.notStarted);
      refuses(() => spec.given([created, ...withPhotos(photo(1)), requested, submitted]).when({ type: 'SubmitVerificationSelfie', selfieId: 's2', now: at }).then([]), 'CONFLICT', VerificationMessages.alreadyPending);
      refuses(() => spec.given([created, ...withPhotos(photo(1)), requested, submitted, refusedReview]).when({ type: 'SubmitVerificationSelfie', selfieId: 's2', now: at }).then([]), 'CONFLICT', VerificationMessages.notStarted);
    });
  });

  describe('ReviewVerification', () => {
    it('approves the request waiting for review: the profile is verified', () => {
      spec.given([created, ...withPhotos(photo(1)), requested, submitted]).when({ type: 'ReviewVerification', requestId: 'r1', approved: true, now: at }).then([approved]);
    });

    it('refuses it, naming the selfie whose file goes', () => {
      spec.given([created, ...withPhotos(photo(1)), requested, submitted]).when({ type: 'ReviewVerification', requestId: 'r1', approved: false, now: at }).then([refusedReview]);
    });

    it('knows no request that is not waiting for review (none, another id, decided already)', () => {
      for (const history of [[created], [created, ...withPhotos(photo(1)), requested], verified]) {
        refuses(() => spec.given(history).when({ type: 'ReviewVerification', requestId: 'r1', approved: true, now: at }).then([]), 'NOT_FOUND', VerificationMessages.requestNotFound);
      }
      refuses(() => spec.given([created, ...withPhotos(photo(1)), requested, submitted]).when({ type: 'ReviewVerification', requestId: 'r9', approved: true, now: at }).then([]), 'NOT_FOUND', VerificationMessages.requestNotFound);
    });
  });

  describe('a photo change after approval', () => {
    it('takes the tick away when a photo is added', () => {
      spec.given(verified).when({ type: 'AddPhoto', photoId: photo(3), now: at }).then([{ type: 'PhotoAdded', data: { userId, photoId: photo(3), photoIds: [photo(1), photo(2), photo(3)], addedAt: now } }, lapsed]);
    });

    it('takes the tick away when a photo is removed, or left out of a profile edit', () => {
      spec.given(verified).when({ type: 'RemovePhoto', photoId: photo(2), now: at }).then([{ type: 'PhotoRemoved', data: { userId, photoId: photo(2), photoIds: [photo(1)], removedAt: now } }, lapsed]);
      const edit = parseInput(profileDetailsUpdateSchema, { gender: 'Female', kinks: [], interests: [], photos: [photo(1)] });
      const events = profileDecider(userId).decide({ type: 'UpdateProfile', details: edit, now: at }, verified.reduce(profileDecider(userId).evolve, profileDecider(userId).initialState()));
      expect(events.at(-1)).toEqual(lapsed);
    });

    it('keeps it for a new order of the same photos, and for edits that leave the photos alone', () => {
      spec.given(verified).when({ type: 'ArrangePhotos', photoIds: [photo(2), photo(1)], now: at }).then([{ type: 'PhotosArranged', data: { userId, photoIds: [photo(2), photo(1)], arrangedAt: now } }]);
      const edit = parseInput(profileDetailsUpdateSchema, { gender: 'Female', kinks: [], interests: [], bio: 'Night owl' });
      const events = profileDecider(userId).decide({ type: 'UpdateProfile', details: edit, now: at }, verified.reduce(profileDecider(userId).evolve, profileDecider(userId).initialState()));
      expect(events.map((event) => event.type)).toEqual(['ProfileUpdated']);
    });

    it('asks for a new selfie: a request may be made again', () => {
      const again: ProfileEvent = { type: 'VerificationRequested', data: { userId, requestId: 'r2', gesture: 'Peace sign', requestedAt: now } };
      spec.given([...verified, ...withPhotos(photo(1), photo(2), photo(3)).slice(2), lapsed]).when({ type: 'RequestVerification', requestId: 'r2', gesture: 'Peace sign', now: at }).then([again]);
    });
  });

  it('names the selfie waiting for review in the erasure, so that its file goes with the account', () => {
    spec.given([created, ...withPhotos(photo(1)), requested, submitted]).when({ type: 'EraseProfile', now: at }).then([{ type: 'ProfileErased', data: { userId, photoIds: [photo(1)], selfieId: 's1', erasedAt: now } }]);
  });
});
