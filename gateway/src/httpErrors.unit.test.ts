import { httpErrorFromGraphQL } from './httpErrors';

describe('GraphQL errors to HTTP', () => {
  it.each([
    ['BAD_USER_INPUT', 400],
    ['UNAUTHENTICATED', 401],
    ['FORBIDDEN', 403],
    ['NOT_FOUND', 404],
    ['CONFLICT', 409],
    ['RATE_LIMITED', 429],
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

  it('hides anything else behind a generic 500', () => {
    const error = httpErrorFromGraphQL({ message: 'connect ECONNREFUSED 127.0.0.1:4001', extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    expect(error.status).toBe(500);
    expect(error.message).not.toContain('ECONNREFUSED');
    expect(httpErrorFromGraphQL({ message: 'odd' }).status).toBe(500);
  });
});
