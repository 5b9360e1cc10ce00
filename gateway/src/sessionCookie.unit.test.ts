import { parseSessionInstruction, sessionIdFromCookieHeader, sessionSetCookie } from './sessionCookie';

const id = 'a'.repeat(43);

describe('session cookie translation', () => {
  it('reads a set instruction with its Max-Age', () => {
    expect(parseSessionInstruction(`${id}; Max-Age=2592000`)).toEqual({ kind: 'set', id, maxAgeSeconds: 2592000 });
  });

  it('reads a clear instruction', () => {
    expect(parseSessionInstruction('clear')).toEqual({ kind: 'clear' });
  });

  it.each(['', 'abc; Max-Age=10', `${id}`, `${id}; Max-Age=soon`, `${id}\r\nSet-Cookie: x=1; Max-Age=1`, `${id},other; Max-Age=1`])('refuses the malformed instruction %j', (header) => {
    expect(parseSessionInstruction(header)).toBeNull();
  });

  it('writes an HttpOnly, SameSite=Lax cookie on the whole site, Secure only over HTTPS', () => {
    expect(sessionSetCookie({ kind: 'set', id, maxAgeSeconds: 60 }, false)).toBe(`nocturne_session=${id}; Max-Age=60; Path=/; HttpOnly; SameSite=Lax`);
    expect(sessionSetCookie({ kind: 'set', id, maxAgeSeconds: 60 }, true)).toBe(`nocturne_session=${id}; Max-Age=60; Path=/; HttpOnly; Secure; SameSite=Lax`);
  });

  it('clears the cookie with Max-Age=0 and an expiry in the past', () => {
    expect(sessionSetCookie({ kind: 'clear' }, false)).toBe('nocturne_session=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax');
  });

  it('finds the session id among other cookies', () => {
    expect(sessionIdFromCookieHeader(`theme=night; nocturne_session=${id}; x=1`)).toBe(id);
    expect(sessionIdFromCookieHeader('theme=night')).toBeUndefined();
    expect(sessionIdFromCookieHeader(undefined)).toBeUndefined();
  });
});
