import { eventually } from '@nocturne/platform/testing';
import type { Member } from './client';
import { InProcessStack } from './inProcessStack';
import { hasRealInfrastructure, liftedSignUpLimits } from './realServers';
import { StackProcess } from './stackProcess';
import type { StackUnderTest } from './stackUnderTest';

/** The two arrangements a scenario runs on: the embedded stack (in the test's process), or one process per service on Kafka, MongoDB and Redis. */
export type StackKind = 'embedded' | 'real';

export interface StackOptions {
  /** Names the embedded stack's data directory. */
  name: string;
  /** Settings for every service (SWIPE_WINDOW, a limit...). */
  env?: Record<string, string>;
}

/**
 * A stack for scenarios that run on either arrangement, with the same settings on both: sign-ups and
 * sign-ins per address lifted (every request comes from 127.0.0.1), the deck's crawling limits lifted, and
 * swiping open round the clock unless `env` says otherwise.
 */
export function startStack(kind: StackKind, { name, env = {} }: StackOptions): Promise<StackUnderTest> {
  if (kind === 'real') return StackProcess.start({ infrastructure: 'real', env });
  return InProcessStack.start(name, { env: { SWIPE_WINDOW: 'always', ...liftedSignUpLimits, ...env } });
}

/**
 * The same scenarios on the embedded stack and, when KAFKA_BROKERS, MONGODB_URI and REDIS_URL are set, on
 * the real servers (then run under `flock /tmp/nocturne-real.lock`): `scenarios` gets the function that
 * starts the stack (it may start several, with other settings) and the kind it starts.
 */
export function onEveryStack(title: string, scenarios: (start: (options: StackOptions) => Promise<StackUnderTest>, kind: StackKind) => void): void {
  describe(`${title}, on the embedded stack`, () => scenarios((options) => startStack('embedded', options), 'embedded'));
  (hasRealInfrastructure ? describe : describe.skip)(`${title}, on Kafka, MongoDB and Redis`, () => scenarios((options) => startStack('real', options), 'real'));
}

/**
 * Two people who sign up, onboard and like each other through the gateway: onboarding waits for the profile
 * service to have heard of each account, each like for the swipe service to know the other person (404
 * until it does). Answers both people and both likes' answers.
 */
export async function likeEachOther(stack: StackUnderTest, timeoutMs = 45_000) {
  const [a, b] = [await stack.signUp(), await stack.signUp()];
  for (const who of [a, b]) {
    await eventually(async () => expect((await who.patch(`/api/user/${who.id}`, { gender: 'Other', kinks: ['Praise'], interests: ['Art'] })).status).toBe(200), { timeoutMs, intervalMs: 200 });
  }
  const like = (who: Member, other: Member) =>
    eventually(
      async () => {
        const answer = await who.post('/api/swipes', { swiperId: who.id, swipedId: other.id, isLike: true });
        expect(answer.status).not.toBe(404);
        return answer;
      },
      { timeoutMs, intervalMs: 200 },
    );
  const first = await like(a, b);
  const second = await like(b, a);
  return { a, b, first, second };
}
