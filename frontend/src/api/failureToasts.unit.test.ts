import { Messages } from '@nocturne/contracts';
import { describeOnboardingFailure } from '../features/onboarding/onboardingMachine';
import { describeProfileSaveFailure, PROFILE_SAVE_FALLBACK } from '../features/profile/profileEdit';
import { describeSignInFailure, SIGN_IN_FALLBACK_ERROR } from '../features/account/signInMachine';
import { describeSignUpFailure, SIGN_UP_FALLBACK_ERROR, SIGN_UP_UNREACHABLE } from '../features/account/signUpMachine';
import { HttpError } from './http';

// What the failure toasts say while a server is away (503 with Retry-After) or too slow (504): the server's
// own clear words from the `{ error }` body; a proxy's page without them, or no answer at all, the spec's
// fallback texts.
const away = new HttpError(503, JSON.stringify({ error: Messages.unavailable }), 'Service Unavailable');
const slow = new HttpError(504, JSON.stringify({ error: Messages.timedOut }), 'Gateway Timeout');
const proxyPage = new HttpError(502, '<html><body>Bad Gateway</body></html>', 'Bad Gateway');
const noAnswer = new TypeError('Failed to fetch');

describe('failure toasts for infrastructure errors', () => {
  it.each([
    ['sign-up', describeSignUpFailure, SIGN_UP_FALLBACK_ERROR, SIGN_UP_UNREACHABLE],
    ['sign-in', describeSignInFailure, SIGN_IN_FALLBACK_ERROR, SIGN_IN_FALLBACK_ERROR],
    ['onboarding', describeOnboardingFailure, 'Update failed', 'Something went wrong. Please try again.'],
    ['profile save', describeProfileSaveFailure, PROFILE_SAVE_FALLBACK, PROFILE_SAVE_FALLBACK],
  ])('%s: the server’s message for 503 and 504, the fallback for a proxy page or no answer', (_flow, describeFailure, refusedFallback, unreachableFallback) => {
    expect(describeFailure(away)).toBe(Messages.unavailable);
    expect(describeFailure(slow)).toBe(Messages.timedOut);
    expect(describeFailure(proxyPage)).toBe(refusedFallback);
    expect(describeFailure(noAnswer)).toBe(unreachableFallback);
  });
});
