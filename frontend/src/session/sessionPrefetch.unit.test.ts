import { fakeFetch } from '../testing/fakeFetch';
import { loadSessionUser, prefetchSession, takeArrivedSessionUser } from './sessionPrefetch';

const user = { id: 7, username: 'ada', email: 'ada@example.com', name: 'Ada', age: 31 };

describe('the session asked with the app', () => {
  it('answers the first check without a second request, and later checks ask again', async () => {
    const fetchMock = fakeFetch({ status: 200, body: { user } }, { status: 200, body: { user: { ...user, name: 'Ada L.' } } });
    prefetchSession();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(loadSessionUser()).resolves.toMatchObject({ id: 7, name: 'Ada' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(loadSessionUser()).resolves.toMatchObject({ name: 'Ada L.' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('hands a refusal to the check (signed out), and the retry asks afresh', async () => {
    const fetchMock = fakeFetch({ status: 401 }, { status: 200, body: { user } });
    prefetchSession();
    await expect(loadSessionUser()).rejects.toMatchObject({ status: 401 });
    await expect(loadSessionUser()).resolves.toMatchObject({ id: 7 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('asks the server when nothing was asked early', async () => {
    const fetchMock = fakeFetch({ status: 200, body: { user } });
    await expect(loadSessionUser()).resolves.toMatchObject({ id: 7 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('the session that arrived before the first render', () => {
  it('is taken once, and the check after it asks the server again', async () => {
    const fetchMock = fakeFetch({ status: 200, body: { user } }, { status: 200, body: { user: { ...user, name: 'Ada L.' } } });
    await prefetchSession();
    expect(takeArrivedSessionUser()).toMatchObject({ id: 7, name: 'Ada' });
    expect(takeArrivedSessionUser()).toBeUndefined();
    await expect(loadSessionUser()).resolves.toMatchObject({ name: 'Ada L.' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is nothing while the answer is on its way, or when it was a refusal', async () => {
    fakeFetch({ status: 401 });
    const settled = prefetchSession();
    expect(takeArrivedSessionUser()).toBeUndefined();
    await settled;
    expect(takeArrivedSessionUser()).toBeUndefined();
    await expect(loadSessionUser()).rejects.toMatchObject({ status: 401 });
  });
});
