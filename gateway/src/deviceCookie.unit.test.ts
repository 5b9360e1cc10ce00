import { hashDeviceId } from '@nocturne/platform/sessions';
import { cookiePolicyOf } from './cookiePolicy';
import { deviceHashFromCookieHeader, deviceSetCookie, parseDeviceInstruction } from './deviceCookie';

const local = cookiePolicyOf(undefined);
const httpsSite = cookiePolicyOf('https://nocturne.example');

const id = 'D'.repeat(43);

describe('device cookie translation', () => {
  it('reads an instruction with its Max-Age', () => {
    expect(parseDeviceInstruction(`${id}; Max-Age=15552000`)).toEqual({ id, maxAgeSeconds: 15552000 });
  });

  it.each(['', 'clear', `${id}`, 'short; Max-Age=10', `${id}; Max-Age=soon`, `${id}\r\nSet-Cookie: x=1; Max-Age=1`, `${id},other; Max-Age=1`])('refuses the malformed instruction %j', (header) => {
    expect(parseDeviceInstruction(header)).toBeNull();
  });

  it('writes a long-lived HttpOnly, SameSite=Strict cookie; on an https site Secure with the __Host- prefix', () => {
    expect(deviceSetCookie({ id, maxAgeSeconds: 60 }, local, false)).toBe(`nocturne_device=${id}; Max-Age=60; Path=/; HttpOnly; SameSite=Strict`);
    expect(deviceSetCookie({ id, maxAgeSeconds: 60 }, local, true)).toBe(`nocturne_device=${id}; Max-Age=60; Path=/; HttpOnly; Secure; SameSite=Strict`);
    expect(deviceSetCookie({ id, maxAgeSeconds: 60 }, httpsSite, false)).toBe(`__Host-nocturne_device=${id}; Max-Age=60; Path=/; HttpOnly; Secure; SameSite=Strict`);
  });

  it('hands on the hash of the cookie of the request, never the id, and only under the name of the policy', () => {
    expect(deviceHashFromCookieHeader(`theme=night; nocturne_device=${id}`, local)).toBe(hashDeviceId(id));
    expect(deviceHashFromCookieHeader(`__Host-nocturne_device=${id}`, httpsSite)).toBe(hashDeviceId(id));
    expect(deviceHashFromCookieHeader(`nocturne_device=${id}`, httpsSite)).toBeUndefined();
    expect(deviceHashFromCookieHeader('nocturne_device=not%20an%20id', local)).toBeUndefined();
    expect(deviceHashFromCookieHeader(undefined, local)).toBeUndefined();
  });
});
