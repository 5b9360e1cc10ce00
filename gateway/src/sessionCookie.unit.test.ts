import { cookiePolicyOf } from './cookiePolicy';
import { parseSessionInstruction, sessionIdFromCookieHeader, sessionSetCookie } from './sessionCookie';

const local = cookiePolicyOf('http://localhost:8080');
const httpsSite = cookiePolicyOf('https://nocturne.example');

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

  it('writes an HttpOnly, SameSite=Lax cookie on the whole site; locally Secure only over HTTPS', () => {
    expect(sessionSetCookie({ kind: 'set', id, maxAgeSeconds: 60 }, local, false)).toBe(`nocturne_session=${id}; Max-Age=60; Path=/; HttpOnly; SameSite=Lax`);
    expect(sessionSetCookie({ kind: 'set', id, maxAgeSeconds: 60 }, local, true)).toBe(`nocturne_session=${id}; Max-Age=60; Path=/; HttpOnly; Secure; SameSite=Lax`);
  });

  it('on an https site, always __Host- and Secure, even when TLS ended at a proxy before the gateway', () => {
    expect(sessionSetCookie({ kind: 'set', id, maxAgeSeconds: 60 }, httpsSite, false)).toBe(`__Host-nocturne_session=${id}; Max-Age=60; Path=/; HttpOnly; Secure; SameSite=Lax`);
    expect(sessionSetCookie({ kind: 'clear' }, httpsSite, false)).toMatch(/^__Host-nocturne_session=; Max-Age=0; .*Secure/);
  });

  it('clears the cookie with Max-Age=0 and an expiry in the past', () => {
    expect(sessionSetCookie({ kind: 'clear' }, local, false)).toBe('nocturne_session=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax');
  });

  it('finds the session id among other cookies, only under the name of the policy', () => {
    expect(sessionIdFromCookieHeader(`theme=night; nocturne_session=${id}; x=1`, local)).toBe(id);
    expect(sessionIdFromCookieHeader('theme=night', local)).toBeUndefined();
    expect(sessionIdFromCookieHeader(undefined, local)).toBeUndefined();
    expect(sessionIdFromCookieHeader(`__Host-nocturne_session=${id}`, httpsSite)).toBe(id);
    // A cookie without the prefix may have been planted by a subdomain or over plain HTTP.
    expect(sessionIdFromCookieHeader(`nocturne_session=${id}`, httpsSite)).toBeUndefined();
  });
});
