import type { CurrentUser, CurrentUserAnswer } from '@nocturne/contracts/api';

/** A refusal of the gateway: its status and the one error shape of docs/design.md. */
export class GatewayError extends Error {
  override readonly name = 'GatewayError';
  constructor(
    readonly status: number,
    readonly body: { error?: string; code?: string; field?: string } | undefined,
    what: string,
  ) {
    super(`${what}: ${status}${body?.error ? ` ${body.error}` : ''}${body?.code ? ` (${body.code})` : ''}`);
  }
}

export interface SignedInUser {
  id: number;
}

export type { CurrentUser } from '@nocturne/contracts/api';

const REQUEST_TIMEOUT_MS = 30_000;

/**
 * One person's side of the app over HTTP, as a browser talks to it: the REST facade `/api/*` (and the
 * GraphQL endpoint for the one call without a REST route, the time zone), a session cookie, this site as
 * Origin. The demo owls go through it so they are made by the same commands and events as anyone.
 */
export class GatewayClient {
  private cookie: string | undefined;

  constructor(private readonly baseUrl: string) {}

  get signedIn(): boolean {
    return this.cookie !== undefined;
  }

  /** The session cookie (`nocturne_session=...`), to reuse the session elsewhere (the benchmarks). */
  get sessionCookie(): string | undefined {
    return this.cookie;
  }

  set sessionCookie(cookie: string | undefined) {
    this.cookie = cookie;
  }

  private async send(method: string, path: string, what: string, body?: string | FormData, contentType?: string): Promise<unknown> {
    const headers: Record<string, string> = { origin: new URL(this.baseUrl).origin, accept: 'application/json' };
    if (contentType) headers['content-type'] = contentType;
    if (this.cookie) headers.cookie = this.cookie;
    const res = await fetch(new URL(path, this.baseUrl), { method, headers, ...(body !== undefined && { body }), signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      if (!pair?.startsWith('nocturne_session=')) continue;
      this.cookie = /Max-Age=0\b/i.test(line) || pair === 'nocturne_session=' ? undefined : pair;
    }
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!res.ok) {
      if (res.status === 401) this.cookie = undefined;
      throw new GatewayError(res.status, parsed as GatewayError['body'], what);
    }
    return parsed;
  }

  /** A plain GET as this person (an image, a list), answered as it comes. */
  fetch(path: string): Promise<Response> {
    return fetch(new URL(path, this.baseUrl), { headers: this.cookie ? { cookie: this.cookie } : {}, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  }

  private json(method: string, path: string, what: string, body: unknown) {
    return this.send(method, path, what, JSON.stringify(body), 'application/json');
  }

  async signUp(input: { username: string; email: string; password: string; name: string; age: number }): Promise<SignedInUser> {
    return ((await this.json('POST', '/api/auth/signup', 'sign-up', input)) as { user: SignedInUser }).user;
  }

  async signIn(username: string, password: string): Promise<SignedInUser> {
    return ((await this.json('POST', '/api/auth/signin', 'sign-in', { username, password })) as { user: SignedInUser }).user;
  }

  async currentUser(): Promise<CurrentUser> {
    return ((await this.send('GET', '/api/auth/user', 'current user')) as CurrentUserAnswer).user;
  }

  async uploadPhotos(photos: readonly Buffer[]): Promise<void> {
    const form = new FormData();
    photos.forEach((photo, i) => form.append('photos', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `night-sky-${i + 1}.jpg`));
    await this.send('POST', '/api/photos', 'photo upload', form);
  }

  async completeOnboarding(userId: number, input: { gender: string; kinks: string[]; interests: string[]; bio: string }): Promise<void> {
    await this.json('PATCH', `/api/user/${userId}`, 'onboarding', input);
  }

  async updateLocation(userId: number, input: { latitude: number; longitude: number; location?: string }): Promise<void> {
    await this.json('PATCH', `/api/users/${userId}/location`, 'location', input);
  }

  async setTimeZone(zone: string): Promise<void> {
    const answer = (await this.json('POST', '/graphql', 'time zone', {
      query: 'mutation SetTimeZone($zone: String!) { setTimeZone(zone: $zone) { id } }',
      variables: { zone },
    })) as { errors?: Array<{ message: string; extensions?: { code?: string } }> };
    const error = answer?.errors?.[0];
    if (error) throw new GatewayError(error.extensions?.code === 'UNAUTHENTICATED' ? 401 : 400, { error: error.message }, 'time zone');
  }

  async plan(): Promise<string> {
    return ((await this.send('GET', '/api/plan', 'plan')) as { plan: string }).plan;
  }

  async choosePlan(plan: string, billing?: 'weekly' | 'monthly'): Promise<void> {
    await this.json('POST', '/api/plan', 'plan', { plan, ...(billing && { billing }) });
  }

  /** The latest page of one of this person's conversations, oldest message first. */
  async messages(matchId: number): Promise<Array<{ content: string; senderId: number; seq: number }>> {
    const page = (await this.send('GET', `/api/messages?matchId=${matchId}`, 'messages')) as { messages: Array<{ content: string; senderId: number; seq: number }> };
    return [...page.messages].sort((a, b) => a.seq - b.seq);
  }

  async sendMessage(matchId: number, senderId: number, content: string): Promise<void> {
    await this.json('POST', '/api/messages', 'message', { matchId, senderId, content });
  }

  /** Tells the other person of a match that this one is typing (GraphQL: the REST facade has no route for it). */
  async typing(matchId: number, typing: boolean): Promise<void> {
    await this.json('POST', '/graphql', 'typing', { query: 'mutation Typing($m: Int!, $t: Boolean!) { setTyping(matchId: $m, typing: $t) }', variables: { m: matchId, t: typing } });
  }

  async swipe(input: { swiperId: number; swipedId: number; isLike: boolean; isSuperLike?: boolean }): Promise<{ isMatch: boolean; matchId: number | null }> {
    return (await this.json('POST', '/api/swipes', 'swipe', { ...input, timestamp: new Date().toISOString() })) as { isMatch: boolean; matchId: number | null };
  }
}
