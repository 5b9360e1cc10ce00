/** What the application needs from the outside world beyond the platform's ports. */

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** Spends the time of a real verification, for unknown accounts (same answer, similar timing). */
  verifyAgainstDummy(password: string): Promise<void>;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The mail's one action link, kept in the outbox file for tests and the local demo (never logged). */
  link?: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}
