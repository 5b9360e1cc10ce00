import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { IceBreakers } from '@nocturne/contracts';
import { SessionContext } from '../../session/SessionContext';
import { renderScreen } from '../../testing/renderScreen';
import { toastStore } from '../../toast/toastStore';
import { ChatPage } from './ChatPage';

// The live socket is replaced: each subscription registers here, and the test pushes values to it.
const live = new Map<string, (value: unknown) => void>();
jest.mock('../../live/liveClient', () => ({
  subscribeLive: (query: string, _variables: unknown, onValue: (value: unknown) => void) => {
    live.set(query.split('{')[0]!.trim(), onValue);
    return () => undefined;
  },
  onReconnected: () => () => undefined,
}));
const push = (operation: string, value: unknown) => act(() => live.get(operation)?.(value));

interface Call {
  method: string;
  url: string;
  body: unknown;
}
let calls: Call[] = [];
let answer: (call: Call) => { status: number; body?: unknown } = () => ({ status: 500 });
beforeEach(() => {
  calls = [];
  live.clear();
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const call = { method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const { status, body } = answer(call);
    return { ok: status < 300, status, statusText: '', text: async () => (body === undefined ? '' : JSON.stringify(body)) };
  }) as unknown as typeof fetch;
});

const selene = { id: 3, username: 'selene', email: 'selene@example.test', name: 'Selene', age: 30, createdAt: '2026-11-01T21:00:00.000Z' };
const orionRow = (conversation: { lastMessage: { content: string; senderId: number; createdAt: string } | null; [field: string]: unknown } = { unreadCount: 0, otherReadUpTo: null, otherDeleted: false, lastMessage: null }) => ({
  matchId: 41,
  ...conversation,
  lastActivityAt: conversation.lastMessage?.createdAt ?? '2026-11-23T21:00:00.000Z',
  fadesAtDawn: false,
  match: { createdAt: '2026-11-23T21:00:00.000Z', otherUser: { id: 8, name: 'Orion', avatarUrl: '/api/avatars/8', isOnline: true } },
});
const message = (seq: number, senderId: number, content: string) => ({ id: `m${seq}`, content, senderId, matchId: 41, createdAt: '2026-11-23T21:05:00.000Z', seq });

const renderChat = (path = '/chat') =>
  renderScreen(
    <SessionContext.Provider value={selene}>
      <ChatPage />
    </SessionContext.Provider>,
    { path },
  );

describe('ChatPage', () => {
  it("shows the spec's empty state without matches", async () => {
    answer = () => ({ status: 200, body: { data: { conversations: [] } } });
    renderChat();
    expect(await screen.findByRole('heading', { name: 'No matches yet' })).toBeTruthy();
    expect(screen.getByText('Keep swiping to find your perfect match!')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start Swiping' }).getAttribute('href')).toBe('/swipe-deck');
  });

  it('lists matches with name, photo, last message or the invitation, date and unread count, and reloads live', async () => {
    let rows = [orionRow()];
    answer = () => ({ status: 200, body: { data: { conversations: rows } } });
    renderChat();
    const row = await screen.findByRole('button', { name: 'Orion' });
    expect(row.textContent).toContain('Start a conversation!');
    expect(row.textContent).toContain('Nov 23');
    rows = [orionRow({ unreadCount: 2, otherReadUpTo: null, otherDeleted: false, lastMessage: { content: 'Are you up?', senderId: 8, createdAt: '2026-11-23T21:05:00.000Z' } })];
    push('subscription ListUnread', { unreadTotal: 2 });
    const updated = await screen.findByRole('button', { name: 'Orion, 2 unread' });
    expect(updated.textContent).toContain('Are you up?');
  });

  it('shows the latest load when an older answer arrives after it (an unmatch is not undone by a slow read)', async () => {
    // The first list read is slow and still has Orion; the one the live value starts answers first, empty.
    let releaseStale: () => void = () => undefined;
    let reads = 0;
    global.fetch = jest.fn(async () => {
      reads += 1;
      const rows = reads === 1 ? [orionRow()] : [];
      if (reads === 1) await new Promise<void>((resolve) => (releaseStale = resolve));
      return { ok: true, status: 200, statusText: '', text: async () => JSON.stringify({ data: { conversations: rows } }) };
    }) as unknown as typeof fetch;
    renderChat();
    await waitFor(() => expect(reads).toBe(1));
    push('subscription ListUnread', { unreadTotal: 0 });
    expect(await screen.findByRole('heading', { name: 'No matches yet' })).toBeTruthy();
    await act(async () => releaseStale());
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByRole('button', { name: 'Orion' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'No matches yet' })).toBeTruthy();
  });

  it('sends with Enter, keeps Shift+Enter for a new line, and shows a live message once', async () => {
    answer = (call) => {
      if (call.url === '/graphql') return { status: 200, body: { data: { conversations: [orionRow()], markConversationRead: 0, setTyping: true } } };
      if (call.method === 'POST' && call.url === '/api/messages') return { status: 201, body: message(2, 3, (call.body as { content: string }).content) };
      return { status: 200, body: { messages: [message(1, 8, 'Hello Selene')], olderCursor: null } };
    };
    renderChat('/chat?with=41');
    expect(await screen.findByText('Hello Selene')).toBeTruthy();
    expect(screen.getByText('Online now')).toBeTruthy();
    const input = screen.getByPlaceholderText('Type a message...');
    const send = screen.getByRole('button', { name: 'Send' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: '  Hi Orion  ' } });
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(calls.filter((call) => call.url === '/api/messages' && call.method === 'POST')).toHaveLength(0);
    fireEvent.keyDown(input, { key: 'Enter' });
    await screen.findByText('Hi Orion');
    expect(calls.find((call) => call.url === '/api/messages' && call.method === 'POST')!.body).toEqual({ matchId: 41, senderId: 3, content: 'Hi Orion' });
    await waitFor(() => expect((input as HTMLTextAreaElement).value).toBe(''));

    push('subscription Messages($m: Int!)', { messageSent: message(3, 8, 'Live one') });
    push('subscription Messages($m: Int!)', { messageSent: message(3, 8, 'Live one') });
    expect(await screen.findAllByText('Live one')).toHaveLength(1);
    push('subscription Typing($m: Int!)', { typing: { typing: true } });
    expect(screen.getByLabelText('Orion is typing')).toBeTruthy();
  });

  it('fills the input with one of the five ice-breakers, and shows the failure toast when a send fails', async () => {
    answer = (call) => {
      if (call.url === '/graphql') return { status: 200, body: { data: { conversations: [orionRow()], setTyping: true } } };
      if (call.method === 'POST') return { status: 500, body: 'boom' };
      return { status: 200, body: { messages: [], olderCursor: null } };
    };
    renderChat('/chat?with=41');
    fireEvent.click(await screen.findByRole('button', { name: 'Suggest Ice-Breaker' }));
    const input = screen.getByPlaceholderText('Type a message...') as HTMLTextAreaElement;
    expect(IceBreakers).toContain(input.value);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(toastStore.getSnapshot()).toEqual([expect.objectContaining({ title: 'Error', description: 'Failed to send message. Please try again.', variant: 'destructive' })]));
    expect(input.value).not.toBe('');
  });

  it('says so when the conversation is not yours or gone', async () => {
    answer = (call) => (call.url === '/graphql' ? { status: 200, body: { data: { conversations: [] } } } : { status: 404, body: { error: 'No such match' } });
    renderChat('/chat?with=99');
    expect(await screen.findByRole('heading', { name: 'This conversation is gone' })).toBeTruthy();
  });

  describe('a match that fades at dawn', () => {
    const fading = () => ({ ...orionRow(), fadesAtDawn: true });
    const membership = (plan: string) => ({ plan, billing: plan === 'max' ? 'monthly' : null, expiresAt: null, isPremium: plan !== 'free' });
    const refusal = (error: string) => ({ status: 403, body: { error, code: 'time-freeze' } });

    it('is marked, and a Time-Freeze keeps it and says how many are left', async () => {
      let rows = [fading()];
      answer = (call) =>
        call.url.endsWith('/api/time-freezes')
          ? { status: 200, body: { matchId: 41, fadesAt: '2026-11-26T03:00:00.000Z', timeFreezesLeft: 6 } }
          : call.url.endsWith('/api/plan')
            ? { status: 200, body: membership('max') }
            : { status: 200, body: { data: { conversations: rows } } };
      renderChat();
      expect((await screen.findByRole('button', { name: 'Orion, fades at dawn' })).textContent).toContain('fades at dawn');
      rows = [orionRow()];
      fireEvent.click(screen.getByRole('button', { name: 'Time-Freeze: keep Orion one more night' }));
      await waitFor(() => expect(toastStore.getSnapshot()).toEqual([expect.objectContaining({ title: 'Kept one more night', description: 'Orion stays until the next dawn. 6 Time-Freezes left.' })]));
      expect(calls.find((call) => call.url.endsWith('/api/time-freezes'))?.body).toEqual({ matchId: 41 });
      expect(await screen.findByRole('button', { name: 'Orion' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: /Time-Freeze/ })).toBeNull();
    });

    it('opens the Max prompt for a member without Max, and says so when Max has no tokens left', async () => {
      let plan = 'free';
      answer = (call) =>
        call.url.endsWith('/api/time-freezes')
          ? refusal(plan === 'max' ? 'No Time-Freeze tokens left until your allowance renews' : 'Time-Freeze tokens come with Max')
          : call.url.endsWith('/api/plan')
            ? { status: 200, body: membership(plan) }
            : { status: 200, body: { data: { conversations: [fading()] } } };
      const { unmount } = renderChat();
      fireEvent.click(await screen.findByRole('button', { name: 'Time-Freeze: keep Orion one more night' }));
      expect(await screen.findByRole('dialog', { name: 'Keep this match one more night' })).toBeTruthy();
      unmount();

      plan = 'max';
      renderChat();
      fireEvent.click(await screen.findByRole('button', { name: 'Time-Freeze: keep Orion one more night' }));
      await waitFor(() => expect(toastStore.getSnapshot()).toEqual([expect.objectContaining({ description: 'No Time-Freeze tokens left until your allowance renews', variant: 'destructive' })]));
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });
});
