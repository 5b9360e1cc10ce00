import { VoiceIntroMessages } from '@nocturne/contracts';
import { RuleViolation } from '@nocturne/platform/domain';
import { deciderSpecification } from '@nocturne/platform/testing';
import { profileDecider } from '../profile/businessLogic';
import type { ProfileEvent } from '../profile/profile';

const userId = 7;
const at = new Date('2026-01-01T21:00:00.000Z');
const now = at.toISOString();
const spec = deciderSpecification(profileDecider(userId));
const created: ProfileEvent = { type: 'ProfileCreated', data: { userId, name: 'Luna', createdAt: now } };
const recorded = (voiceId: string, durationMs = 12_000): ProfileEvent => ({ type: 'VoiceIntroRecorded', data: { userId, voiceId, format: 'webm', durationMs, recordedAt: now } });
const removed = (voiceId: string): ProfileEvent => ({ type: 'VoiceIntroRemoved', data: { userId, voiceId, removedAt: now } });

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

describe('voice intros', () => {
  it('keeps a recording of up to 30 seconds', () => {
    spec.given([created]).when({ type: 'RecordVoiceIntro', voiceId: 'v1', format: 'webm', durationMs: 30_000, now: at }).then([recorded('v1', 30_000)]);
  });

  it('refuses a longer one', () => {
    refuses(() => spec.given([created]).when({ type: 'RecordVoiceIntro', voiceId: 'v1', format: 'ogg', durationMs: 30_001, now: at }).then([]), 'BAD_USER_INPUT', VoiceIntroMessages.tooLong);
  });

  it('replaces the one before, whose file goes', () => {
    spec.given([created, recorded('v1')]).when({ type: 'RecordVoiceIntro', voiceId: 'v2', format: 'webm', durationMs: 9_000, now: at }).then([removed('v1'), recorded('v2', 9_000)]);
  });

  it('removes it, and knows none to remove afterwards', () => {
    spec.given([created, recorded('v1')]).when({ type: 'RemoveVoiceIntro', now: at }).then([removed('v1')]);
    refuses(() => spec.given([created, recorded('v1'), removed('v1')]).when({ type: 'RemoveVoiceIntro', now: at }).then([]), 'NOT_FOUND', VoiceIntroMessages.notFound);
  });

  it('names it in the erasure, so that its file goes with the account', () => {
    spec.given([created, recorded('v1')]).when({ type: 'EraseProfile', now: at }).then([{ type: 'ProfileErased', data: { userId, photoIds: [], voiceId: 'v1', erasedAt: now } }]);
  });
});
