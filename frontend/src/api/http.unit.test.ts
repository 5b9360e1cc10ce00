import { fakeFetch } from '../testing/fakeFetch';
import { HttpError, requestJson, serverError } from './http';

const answer = (status: number, body: string, statusText = '') => fakeFetch({ status, body, statusText });

describe('requestJson', () => {
  it('sends cookies and a JSON body with a JSON content type', async () => {
    const fetchMock = answer(200, '{"user":{"id":1}}');
    await expect(requestJson('POST', '/api/auth/signin', { username: 'a', password: 'b' })).resolves.toEqual({ user: { id: 1 } });
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/signin', {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: '{"username":"a","password":"b"}',
    });
  });

  it('sends an empty JSON object with a write that has no body', async () => {
    const fetchMock = answer(200, '{"ok":true}');
    await requestJson('POST', '/api/auth/signout');
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/signout', expect.objectContaining({ body: '{}', headers: expect.objectContaining({ 'Content-Type': 'application/json' }) }));
  });

  it('sends no body and no content type with a read', async () => {
    const fetchMock = answer(200, '{"user":{"id":1}}');
    await requestJson('GET', '/api/auth/user');
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/user', { method: 'GET', credentials: 'include', headers: { Accept: 'application/json' }, body: undefined });
  });

  it('raises "status: body" on a non-success answer', async () => {
    answer(409, '{"error":"Username is already taken"}');
    await expect(requestJson('POST', '/api/auth/signup', {})).rejects.toThrow('409: {"error":"Username is already taken"}');
  });

  it('uses the status text when the body is empty', async () => {
    answer(401, '', 'Unauthorized');
    await expect(requestJson('GET', '/api/auth/user')).rejects.toThrow('401: Unauthorized');
  });
});

describe('serverError', () => {
  it('reads the error and field of a JSON body', () => {
    expect(serverError(new HttpError(409, '{"error":"Email is already registered","field":"email"}', ''))).toEqual({
      message: 'Email is already registered',
      field: 'email',
    });
  });

  it('reads the code of a refusal by a plan limit', () => {
    expect(serverError(new HttpError(403, '{"error":"You\'ve used all your likes!","code":"likes-limit"}', ''))).toEqual({
      message: "You've used all your likes!",
      code: 'likes-limit',
    });
  });

  it('finds nothing in plain-text bodies or other errors', () => {
    expect(serverError(new HttpError(502, 'Bad Gateway', ''))).toBeUndefined();
    expect(serverError(new TypeError('Failed to fetch'))).toBeUndefined();
  });

  it('shares a read in flight with a second caller, each getting its own copy, and reads again once it is answered', async () => {
    const fetchMock = fakeFetch({ status: 200, body: { open: true } }, { status: 200, body: { open: false } });
    const [first, second] = await Promise.all([requestJson<{ open: boolean }>('GET', '/api/swipe-window'), requestJson<{ open: boolean }>('GET', '/api/swipe-window')]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(first).toEqual({ open: true });
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
    await expect(requestJson('GET', '/api/swipe-window')).resolves.toEqual({ open: false });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('never shares writes', async () => {
    const fetchMock = fakeFetch({ status: 200, body: { ok: true } }, { status: 200, body: { ok: true } });
    await Promise.all([requestJson('POST', '/api/swipes', { kind: 'like' }), requestJson('POST', '/api/swipes', { kind: 'like' })]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

