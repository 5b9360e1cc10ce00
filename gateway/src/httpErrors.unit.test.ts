import { DependencyTimeout, DependencyUnavailable } from '@nocturne/platform/ports';
import { HttpError } from '@nocturne/platform/rest';
import { Messages } from '@nocturne/contracts';
import { graphQLDependencyError, httpErrorFromGraphQL, knownHttpError } from './httpErrors';

describe('GraphQL errors to HTTP', () => {
  it.each([
    ['BAD_USER_INPUT', 400],
    ['UNAUTHENTICATED', 401],
    ['FORBIDDEN', 403],
    ['NOT_FOUND', 404],
    ['CONFLICT', 409],
    ['RATE_LIMITED', 429],
    ['UNAVAILABLE', 503],
    ['TIMEOUT', 504],
  ])('maps %s to %i with its message', (code, status) => {
    const error = httpErrorFromGraphQL({ message: 'Told so', extensions: { code } });
    expect(error.status).toBe(status);
    expect(error.message).toBe('Told so');
  });

  it('keeps the field of input errors and conflicts', () => {
    expect(httpErrorFromGraphQL({ message: 'Email is already registered', extensions: { code: 'CONFLICT', field: 'email' } }).field).toBe('email');
  });

  it('carries the retry delay of a rate limit, with a default', () => {
    expect(httpErrorFromGraphQL({ message: 'Slow down', extensions: { code: 'RATE_LIMITED', retryAfterSeconds: 17 } }).retryAfterSeconds).toBe(17);
    expect(httpErrorFromGraphQL({ message: 'Slow down', extensions: { code: 'RATE_LIMITED' } }).retryAfterSeconds).toBe(60);
  });

  it('tells a caller when to retry while a dependency is away', () => {
    expect(httpErrorFromGraphQL({ message: Messages.unavailable, extensions: { code: 'UNAVAILABLE', retryAfterSeconds: 3 } }).retryAfterSeconds).toBe(3);
    expect(httpErrorFromGraphQL({ message: Messages.unavailable, extensions: { code: 'UNAVAILABLE' } }).retryAfterSeconds).toBe(5);
    expect(httpErrorFromGraphQL({ message: Messages.timedOut, extensions: { code: 'TIMEOUT' } }).retryAfterSeconds).toBeUndefined();
  });

  it('hides anything else behind a generic 500', () => {
    const error = httpErrorFromGraphQL({ message: 'connect ECONNREFUSED 127.0.0.1:4001', extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    expect(error.status).toBe(500);
    expect(error.message).not.toContain('ECONNREFUSED');
    expect(httpErrorFromGraphQL({ message: 'odd' }).status).toBe(500);
  });
});

describe('failures of a request to HTTP', () => {
  it('keeps an HttpError, maps dependency failures to 503 with Retry-After and 504, and leaves bugs to the caller', () => {
    const own = new HttpError(404, 'Not found');
    expect(knownHttpError(own)).toBe(own);
    expect(knownHttpError(new DependencyUnavailable('redis', 5))).toMatchObject({ status: 503, message: Messages.unavailable, retryAfterSeconds: 5 });
    expect(knownHttpError(new DependencyTimeout('redis', 750))).toMatchObject({ status: 504, message: Messages.timedOut });
    expect(knownHttpError(new Error('a bug'))).toBeUndefined();
  });

  it('gives GraphQL the status and Retry-After of a dependency failure before any resolver ran', () => {
    const error = graphQLDependencyError(new DependencyUnavailable('redis', 5));
    expect(error?.message).toBe(Messages.unavailable);
    expect(error?.extensions).toMatchObject({ code: 'UNAVAILABLE', retryAfterSeconds: 5, http: { status: 503, headers: new Map([['retry-after', '5']]) } });
    expect(graphQLDependencyError(new Error('a bug'))).toBeUndefined();
  });
});
