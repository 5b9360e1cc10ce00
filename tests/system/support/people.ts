/**
 * The one person factory of the system tests and the browser tests: sign-up fields nobody has used yet,
 * on a fresh stack or on the real servers, whose databases outlive a run.
 */

/** The fields of `POST /api/auth/signup` (the sign-up form's, with the age as a number). */
export interface Person {
  username: string;
  email: string;
  password: string;
  name: string;
  age: number;
}

export interface PersonOptions {
  /** Starts the username and the email address (at most 8 characters: usernames are at most 20). */
  prefix?: string;
  /** A name, or one made of the person's number in this test file. */
  name?: string | ((number: number) => string);
  age?: number;
}

let people = 0;

/** Someone new: a username and an address made unique by the time, a random part and a count. */
export function newPerson({ prefix = 'owl', name = 'Luna Night', age = 27 }: PersonOptions = {}): Person {
  people += 1;
  const tag = `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}${people}`;
  const username = `${prefix}${tag}`;
  if (username.length > 20) throw new Error(`the prefix ${prefix} makes a username longer than 20 characters`);
  return { username, email: `${prefix}.${tag}@example.test`, password: 'moonlight42', name: typeof name === 'function' ? name(people) : name, age };
}

/** Berlin, where members are placed unless a test says otherwise. */
export const BERLIN: readonly [number, number] = [52.52, 13.405];
