import supertest from 'supertest';
import type { Person } from './people';

/** An answer of the stack: status, headers (lower-case names), `body` (parsed JSON) and `text`. */
export type Answer = supertest.Response;

/** `nocturne_session=...`, or `__Host-nocturne_session=...` on an https site. */
const SESSION_COOKIE = /^(__Host-)?nocturne_session=/;

/** A generous bound: a stack that hangs fails the test with this call instead of stalling the suite. */
const ANSWER_TIMEOUT_MS = 60_000;

/** The `name=value` of the cookie `name` an answer sets, if it sets one. */
export function cookieOf(answer: Answer, name: string): string | undefined {
  const lines = [answer.headers['set-cookie'] ?? []].flat() as string[];
  return lines.find((line) => line.startsWith(`${name}=`))?.split(';')[0];
}

/**
 * A browser on a stack under test, over HTTP: it sends the session cookie it was given or an answer set
 * (and forgets it when an answer ends the session, as a browser does), this site's Origin on writes as the
 * pages send them, JSON in and out. Each call is a supertest request: a test may still set headers, attach
 * files or assert on it before awaiting it. Other cookies (the device cookie) are only sent when set.
 */
export class StackClient {
  constructor(
    /** Where the stack's gateway answers. */
    readonly url: string,
    public cookie?: string,
  ) {}

  /** A request with nothing of this browser's (no cookie, no Origin): for what a test sets by hand. */
  request(): supertest.Agent {
    return supertest(this.url);
  }

  get(path: string): supertest.Test {
    return this.prepared(this.request().get(path));
  }

  /** A write as this site's pages send it; with no body, a test may attach files to it. */
  post(path: string, body?: object | string): supertest.Test {
    return this.write(this.request().post(path), body);
  }

  patch(path: string, body?: object | string): supertest.Test {
    return this.write(this.request().patch(path), body);
  }

  put(path: string, body?: object | string): supertest.Test {
    return this.write(this.request().put(path), body);
  }

  delete(path: string, body?: object | string): supertest.Test {
    return this.write(this.request().delete(path), body);
  }

  /** A GraphQL operation as the client sends it: `POST /graphql`, JSON, this site's Origin. */
  graphql(query: string, variables?: Record<string, unknown>): supertest.Test {
    return this.post('/graphql').set('Content-Type', 'application/json').send(JSON.stringify({ query, ...(variables && { variables }) }));
  }

  private write(test: supertest.Test, body: object | string | undefined): supertest.Test {
    const prepared = this.prepared(test).set('Origin', this.url);
    return body === undefined ? prepared : prepared.send(body);
  }

  private prepared(test: supertest.Test): supertest.Test {
    if (this.cookie) test.set('Cookie', this.cookie);
    test.on('response', (answer: Answer) => this.remember(answer));
    return test.timeout({ response: ANSWER_TIMEOUT_MS });
  }

  private remember(answer: Answer) {
    for (const line of [answer.headers['set-cookie'] ?? []].flat() as string[]) {
      const pair = line.split(';')[0]!;
      if (!SESSION_COOKIE.test(pair)) continue;
      this.cookie = /Max-Age=0\b/i.test(line) || pair.endsWith('=') ? undefined : pair;
    }
  }
}

/** Someone signed up: their browser (signed in), their user id and what they signed up with. */
export class Member extends StackClient {
  constructor(
    url: string,
    cookie: string,
    readonly id: number,
    readonly person: Person,
  ) {
    super(url, cookie);
  }

  /** The session cookie; throws once an answer ended the session (a test that reuses it keeps it before). */
  get session(): string {
    if (!this.cookie) throw new Error(`${this.person.username} is signed out`);
    return this.cookie;
  }
}
