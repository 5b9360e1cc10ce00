import { eventually, type EventuallyOptions } from '@nocturne/platform/testing';
import { Member, StackClient } from './client';
import { BERLIN, newPerson, type Person } from './people';

export interface MemberOptions {
  gender?: string;
  /** Shared with `POST /api/update-location`; null shares none. */
  position?: readonly [number, number] | null;
  kinks?: string[];
  interests?: string[];
  bio?: string;
  /** By default a numbered owl of 30. */
  person?: Person;
}

/**
 * A running stack the tests talk to through its gateway, whichever way it was started (in the test's
 * process, as `npm start` runs it embedded, or on the real servers), and the people they make on it.
 */
export abstract class StackUnderTest {
  /** Where the gateway answers. */
  abstract readonly url: string;
  /** How long, and how often, to ask while the profile service hears of a new account (the bus between them). */
  protected abstract readonly profileWait: EventuallyOptions;

  abstract stop(): Promise<unknown>;

  /** A browser on the stack: nobody signed in, or the session of `cookie`. */
  client(cookie?: string): StackClient {
    return new StackClient(this.url, cookie);
  }

  /** A request with nothing set (no cookie, no Origin): forged headers, raw bodies. */
  request() {
    return this.client().request();
  }

  /** Signs someone up (201, or the test fails) and answers them signed in. */
  async signUp(person: Person = newPerson()): Promise<Member> {
    const browser = this.client();
    const answer = await browser.post('/api/auth/signup', person);
    if (answer.status !== 201 || !browser.cookie) throw new Error(`sign-up of ${person.username} answered ${answer.status}: ${answer.text}`);
    return new Member(this.url, browser.cookie, answer.body.user.id as number, person);
  }

  /** Signed up, and the profile service has made their profile from UserRegistered. */
  async signUpWithProfile(person?: Person): Promise<Member> {
    const member = await this.signUp(person);
    await eventually(async () => expect((await member.get('/api/auth/user')).body.user.lastSeen).not.toBeNull(), this.profileWait);
    return member;
  }

  /** Signed up, onboarded and (by default) placed in Berlin, so that others may swipe them. */
  async member({ gender = 'Female', position = BERLIN, kinks = ['Rope Play'], interests = ['Art'], bio = 'Night owl.', person = newPerson({ name: (n) => `Owl ${n}`, age: 30 }) }: MemberOptions = {}): Promise<Member> {
    const member = await this.signUp(person);
    // The profile appears once UserRegistered reached the profile service.
    await eventually(async () => expect((await member.patch(`/api/user/${member.id}`, { gender, kinks, interests, bio })).status).toBe(200), this.profileWait);
    if (position) expect((await member.post('/api/update-location', { latitude: position[0], longitude: position[1] })).status).toBe(200);
    return member;
  }
}
