import { Messages } from '@nocturne/contracts';
import { publicDependencyError } from '../http/errors';
import { DependencyTimeout, DependencyUnavailable, dependencyFailureOf } from './dependencyFailure';

const named = (name: string, message = 'x') => Object.assign(new Error(message), { name });

describe('dependency failures', () => {
  it('finds our typed errors, also as the cause of another error', () => {
    const away = new DependencyUnavailable('redis', 3);
    expect(dependencyFailureOf(away)).toBe(away);
    expect(dependencyFailureOf(new Error('wrapped', { cause: away }))).toBe(away);
  });

  it('reads the database driver’s network errors as the database being away or slow', () => {
    expect(dependencyFailureOf(named('MongoServerSelectionError'))).toMatchObject({ dependency: 'database', name: 'DependencyUnavailable' });
    expect(dependencyFailureOf(named('MongoNetworkError'))).toBeInstanceOf(DependencyUnavailable);
    expect(dependencyFailureOf(named('MongoNetworkTimeoutError'))).toBeInstanceOf(DependencyTimeout);
  });

  it('leaves bugs alone', () => {
    expect(dependencyFailureOf(new TypeError('undefined is not a function'))).toBeUndefined();
    expect(dependencyFailureOf(named('MongoServerError', 'E11000 duplicate key'))).toBeUndefined();
    expect(dependencyFailureOf('a string')).toBeUndefined();
  });

  it('answers 503 UNAVAILABLE with Retry-After for a dependency away, 504 TIMEOUT for one too slow, with clear messages', () => {
    expect(publicDependencyError(new DependencyUnavailable('redis', 4))).toEqual({ code: 'UNAVAILABLE', status: 503, message: Messages.unavailable, retryAfterSeconds: 4 });
    expect(publicDependencyError(new DependencyTimeout('redis', 750))).toEqual({ code: 'TIMEOUT', status: 504, message: Messages.timedOut });
    expect(publicDependencyError(new Error('a bug'))).toBeUndefined();
  });
});
