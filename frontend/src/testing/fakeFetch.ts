/** jsdom has no fetch: answers each call with the next of `responses` (status and body). */
export function fakeFetch(...responses: Array<{ status: number; body?: unknown; statusText?: string }>) {
  const queue = [...responses];
  const fetchMock = jest.fn(async () => {
    const next = queue.shift() ?? { status: 500 };
    const text = next.body === undefined ? '' : typeof next.body === 'string' ? next.body : JSON.stringify(next.body);
    return { ok: next.status >= 200 && next.status < 300, status: next.status, statusText: next.statusText ?? '', text: async () => text };
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}
