import { Messages } from '@nocturne/contracts';
import { RuleViolation } from '../domain/ruleViolation';
import type { InternalContext } from './internalContext';

/**
 * The signed-in person a request speaks for; UNAUTHENTICATED for a signed-out one. Every resolver that
 * hands out a person (each `__resolveReference` of `User` included) starts here: nobody is shown to a
 * caller who is not signed in, whichever path the query took.
 */
export function signedInViewer(internal: Pick<InternalContext, 'uid'>, signedInAs?: number): number {
  const viewer = signedInAs ?? internal.uid;
  if (viewer === undefined) throw new RuleViolation('UNAUTHENTICATED', Messages.signedOut);
  return viewer;
}
