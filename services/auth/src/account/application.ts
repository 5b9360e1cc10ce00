import { createHash } from 'node:crypto';
import { Messages, type SignUpInput } from '@nocturne/contracts';
import { RuleViolation } from '@nocturne/platform/domain';
import {
  actorCommandContext,
  causedBy,
  handleCommand,
  handleCommandsTogether,
  loadStream,
  SerialNumbers,
  signedInActor,
  type Actor,
  type CommandContext,
  type EventSource,
} from '@nocturne/platform/kit';
import type { RateLimit, RateLimiter } from '@nocturne/platform/limits';
import type { Logger } from '@nocturne/platform/logging';
import type { EventStore } from '@nocturne/platform/ports';
import type { PersonalDataVault } from '@nocturne/platform/privacy';
import type { SessionStore } from '@nocturne/platform/sessions';
import { blockStreamId } from '../block/block';
import { blockDecider } from '../block/businessLogic';
import { claimDecider } from '../claim/businessLogic';
import { claimStreamId, type ClaimKind } from '../claim/claim';
import { passwordResetDecider } from '../passwordReset/businessLogic';
import { passwordResetStreamId, type PasswordResetState } from '../passwordReset/passwordReset';
import type { BlocksReadModel, UserDocument, UsersReadModel } from '../projections/readModels';
import { userStreamId, type ActiveUser, type UserState } from './account';
import { userDecider } from './businessLogic';
import type { IssuedDevice, KnownDevices } from './knownDevices';
import { claimLookupKey } from './personalData';
import type { Mailer, PasswordHasher } from './ports';
import { normalizeForClaim, validateAccountDetails, validatePasswordReset, validatePasswordResetRequest, validateSignIn, validateSignUp } from './validation';

export interface AuthRateLimits {
  /** Failed sign-ins to one account from devices that never signed in to it. */
  signInFailuresPerAccount: RateLimit;
  /** Failed sign-ins from one device to the account it signed in to before (its own budget). */
  signInFailuresPerDevice: RateLimit;
  signInFailuresPerAddress: RateLimit;
  signUpsPerAddress: RateLimit;
  /** Sign-ups naming one email address: how often anyone may learn whether it is registered. */
  signUpsPerEmail: RateLimit;
  /** "Email is already registered" answers to one client address: how many registered addresses one client may learn. */
  takenEmailAnswersPerAddress: RateLimit;
  resetRequestsPerEmail: RateLimit;
  resetRequestsPerAddress: RateLimit;
}

export interface AuthApplicationOptions {
  publicUrl: string;
  resetTokenValidMs: number;
  /** A claim left behind by a sign-up that died half way is free again after this long. */
  abandonedClaimMs: number;
  rateLimits: AuthRateLimits;
}

export interface AuthApplicationDependencies {
  /** Encrypts personal fields on append (see `personalData.ts`). */
  eventStore: EventStore;
  /** Whose keys are shredded when an account is deleted. */
  personalData: Pick<PersonalDataVault, 'shred'>;
  /** Secret of the keyed hashes that name claim streams (CLAIM_KEY). */
  claimKey: Buffer;
  sessions: SessionStore;
  devices: KnownDevices;
  rateLimiter: RateLimiter;
  passwords: PasswordHasher;
  mailer: Mailer;
  users: UsersReadModel;
  /** Who is hidden from whom (followed from the swipe context). */
  blocks: BlocksReadModel;
  logger: Logger;
  clock: () => Date;
  newId: () => string;
  /** 32 random bytes, base64url: a password reset token. */
  newResetToken: () => string;
  options: AuthApplicationOptions;
}

/** What the graph shows of an account. `email` only reaches its owner (resolvers check). */
export interface AccountView {
  id: number;
  username: string;
  email: string;
  name: string;
  age: number;
  createdAt: string;
}

export interface NewSession {
  id: string;
  maxAgeSeconds: number;
}

export interface SignedIn {
  user: AccountView;
  session: NewSession;
  /** The device cookie to set: this device is now known to the account. */
  device: IssuedDevice;
}

const isTakenEmail = (error: unknown) => error instanceof RuleViolation && error.code === 'CONFLICT' && error.field === 'email';

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

const viewOfState = (user: ActiveUser): AccountView => ({
  id: user.userId,
  username: user.username,
  email: user.email,
  name: user.name,
  age: user.age,
  createdAt: user.registeredAt,
});

export const viewOfDocument = (user: UserDocument): AccountView => ({
  id: user.userId,
  username: user.username ?? '',
  email: user.email ?? '',
  name: user.name ?? '',
  age: user.age ?? 0,
  createdAt: user.createdAt ?? '',
});

/** The auth context's use cases: each loads streams, lets the deciders decide, appends. */
export class AuthApplication {
  private readonly background = new Set<Promise<void>>();
  private readonly userIds: SerialNumbers;

  constructor(private readonly deps: AuthApplicationDependencies) {
    // User ids are serial whole numbers: each one is an event of the `user-ids` stream.
    this.userIds = new SerialNumbers(deps.eventStore, 'user-ids');
  }

  private context(actor: Actor): CommandContext {
    return actorCommandContext(this.deps.newId, this.deps.clock(), actor);
  }

  private async activeUser(userId: number): Promise<ActiveUser | null> {
    const { state } = await loadStream<UserState, never>(this.deps.eventStore, userStreamId(userId), userDecider);
    return state.status === 'active' ? state : null;
  }

  /** Case-insensitive, and without the name in clear: `username-<hmac>`, `email-<hmac>`. */
  private claimStream(kind: ClaimKind, value: string): string {
    return claimStreamId(kind, this.lookupKey(value));
  }

  /** A username or email as it may appear in a key: keyed hash of the normalized value, never the value. */
  private lookupKey(value: string): string {
    return claimLookupKey(this.deps.claimKey, normalizeForClaim(value));
  }

  /** The account holding a username or email claim, when it finished registering and is not deleted. */
  private async accountByClaim(kind: ClaimKind, value: string): Promise<ActiveUser | null> {
    const { state } = await loadStream(this.deps.eventStore, this.claimStream(kind, value), claimDecider);
    return state.owner === null ? null : this.activeUser(state.owner);
  }

  /** The command that claims a name for `userId`: refused while someone registered (or still signing up) holds it. */
  private async makeClaim(kind: ClaimKind, userId: number, now: Date, state: { owner: number | null }) {
    return {
      type: 'MakeClaim' as const,
      kind,
      userId,
      now,
      ownerRegistered: state.owner === null || state.owner === userId ? true : (await loadStream(this.deps.eventStore, userStreamId(state.owner), userDecider)).state.status !== 'absent',
      abandonedAfterMs: this.deps.options.abandonedClaimMs,
    };
  }

  private async release(kind: ClaimKind, value: string, userId: number, context: CommandContext): Promise<void> {
    await handleCommand({ eventStore: this.deps.eventStore, streamId: this.claimStream(kind, value), decider: claimDecider, command: { type: 'ReleaseClaim', kind, userId, now: context.now }, context });
  }

  /** Fails fast with CONFLICT before an id is spent, for the common case of a name already taken. */
  private async assertClaimable(kind: ClaimKind, value: string, now: Date): Promise<void> {
    const { state } = await loadStream(this.deps.eventStore, this.claimStream(kind, value), claimDecider);
    if (state.owner === null) return;
    // Decided as a claimant that holds no id yet (0 is never one): it throws exactly when the claim would.
    claimDecider.decide(await this.makeClaim(kind, 0, now, state), state);
  }

  private takenEmailAnswersKey(actor: Actor): string {
    return `sign-up:taken-email:${actor.ip}`;
  }

  /**
   * Whether an address is registered is what an attacker wants from sign-up, so that answer is rationed
   * twice: per address asked about, from any client (each sign-up that gets this far counts), and per client
   * address, whatever addresses it names (only "taken" answers count). The client's answer is reserved
   * before the look-up and given back when the address is free: once the client has spent its answers, every
   * sign-up from it is refused alike, before anything is looked up, so neither a refusal nor parallel
   * requests tell a registered address from a free one.
   */
  private async assertEmailFree(email: string, actor: Actor, now: Date): Promise<void> {
    const { rateLimits } = this.deps.options;
    const answer = await this.deps.rateLimiter.reserve([{ key: this.takenEmailAnswersKey(actor), rule: rateLimits.takenEmailAnswersPerAddress }]);
    try {
      await this.deps.rateLimiter.hit(`sign-up:email:${this.lookupKey(email)}`, rateLimits.signUpsPerEmail);
      await this.assertClaimable('email', email, now);
    } catch (error) {
      if (!isTakenEmail(error)) await answer.release();
      throw error;
    }
    await answer.release();
  }

  /** After the person proved who they are: a new session, and this device becomes known to the account. */
  private async signedIn(user: AccountView, actor: Actor): Promise<SignedIn> {
    // A new id at every sign-in; the session the request came with (if any) ends.
    if (actor.sid) await this.deps.sessions.revoke(actor.sid);
    const session = await this.deps.sessions.create(user.id, this.deps.clock().getTime());
    const device = await this.deps.devices.remember(user.id, actor.dev);
    return { user, session: { id: session.id, maxAgeSeconds: session.maxAgeSeconds }, device };
  }

  async signUp(rawInput: unknown, actor: Actor): Promise<SignedIn> {
    const { rateLimits } = this.deps.options;
    await this.deps.rateLimiter.hit(`sign-up:address:${actor.ip}`, rateLimits.signUpsPerAddress);
    const input: SignUpInput = validateSignUp(rawInput);
    const context = this.context(actor);
    // The hash takes a core of the thread pool for about 20 ms: it runs while the names are looked up and
    // the id is drawn, not after them. A refused sign-up has spent it all the same (within the rate limit).
    const hashing = this.deps.passwords.hash(input.password);
    hashing.catch(() => undefined);
    await this.assertClaimable('username', input.username, context.now);
    await this.assertEmailFree(input.email, actor, context.now);
    const userId = await this.userIds.next(context);
    const passwordHash = await hashing;
    // The two names and the account in one write: all of it is stored or none of it, so a sign-up that
    // fails (a name taken meanwhile) leaves nothing to give back.
    const [usernameClaim, emailClaim, userStream] = [this.claimStream('username', input.username), this.claimStream('email', input.email), userStreamId(userId)];
    let registered;
    try {
      registered = await handleCommandsTogether({
        eventStore: this.deps.eventStore,
        streamIds: [usernameClaim, emailClaim, userStream],
        decide: async (together) => {
          await together.decide(usernameClaim, claimDecider, (state) => this.makeClaim('username', userId, context.now, state));
          await together.decide(emailClaim, claimDecider, (state) => this.makeClaim('email', userId, context.now, state));
          return together.decide(userStream, userDecider, { type: 'RegisterUser', userId, username: input.username, email: input.email, name: input.name, age: input.age, passwordHash, now: context.now });
        },
        context,
      });
    } catch (error) {
      // Someone claimed the address since it was looked up: that answer tells it is registered, so it counts.
      if (isTakenEmail(error)) await this.deps.rateLimiter.hit(this.takenEmailAnswersKey(actor), rateLimits.takenEmailAnswersPerAddress);
      throw error;
    }
    const user = registered.value.state;
    if (user.status !== 'active') throw new Error('registration did not produce an active account');
    await this.deps.users.waitFor(registered.lastGlobalPosition);
    this.deps.logger.info({ userId }, 'user registered');
    return this.signedIn(viewOfState(user), actor);
  }

  /**
   * Failures are limited per account for devices that never signed in to it, and per device for those
   * that did (OWASP "device cookies"): strangers can lock the account, but not its owner's own devices.
   * Each attempt is reserved before the slow verification and kept only when it fails, so parallel
   * requests get no more than the limit through.
   */
  async signIn(rawInput: unknown, actor: Actor): Promise<SignedIn> {
    const { username, password } = validateSignIn(rawInput);
    const { rateLimits } = this.deps.options;
    const user = await this.accountByClaim('username', username);
    const device = actor.dev;
    const knownDevice = user !== null && device !== undefined && (await this.deps.devices.isKnown(device, user.userId));
    const deviceKey = `sign-in-failures:device:${device}`;
    const accountKey = this.signInFailuresKey(username);
    const reservation = await this.deps.rateLimiter.reserve(
      knownDevice
        ? [{ key: deviceKey, rule: rateLimits.signInFailuresPerDevice }]
        : [
            { key: `sign-in-failures:address:${actor.ip}`, rule: rateLimits.signInFailuresPerAddress },
            { key: accountKey, rule: rateLimits.signInFailuresPerAccount },
          ],
    );

    const valid = user ? await this.deps.passwords.verify(user.passwordHash, password) : (await this.deps.passwords.verifyAgainstDummy(password), false);
    if (!user || !valid) throw new RuleViolation('UNAUTHENTICATED', Messages.invalidCredentials);
    // A success is no failure, and forgives the earlier failures of the same kind.
    await reservation.release();
    await this.deps.rateLimiter.reset(knownDevice ? deviceKey : accountKey);
    return this.signedIn(viewOfState(user), actor);
  }

  private signInFailuresKey(username: string): string {
    return `sign-in-failures:account:${this.lookupKey(username)}`;
  }

  async signOut(actor: Actor): Promise<void> {
    if (actor.sid) await this.deps.sessions.revoke(actor.sid, actor.uid);
  }

  async me(actor: Actor): Promise<AccountView | null> {
    if (actor.uid === undefined) return null;
    return this.userById(actor.uid);
  }

  private async userById(userId: number): Promise<AccountView | null> {
    const user = await this.deps.users.get(userId);
    return user ? viewOfDocument(user) : null;
  }

  /**
   * What the signed-in `viewerId` may see of the account `userId`, whichever way the query came (a direct
   * `_entities` call included): nothing (null) for an account that is deleted or never existed, or when
   * either of the two blocked the other, which tells none of them apart.
   */
  async userAs(viewerId: number, userId: number): Promise<AccountView | null> {
    if (viewerId !== userId && (await this.deps.blocks.between(viewerId, userId))) return null;
    return this.userById(userId);
  }

  /**
   * Always answers the same, fast: the lookup, the token and the mail happen after the answer, so
   * neither the answer nor its timing tells whether the address has an account.
   */
  async requestPasswordReset(rawInput: unknown, actor: Actor): Promise<void> {
    const { email } = validatePasswordResetRequest(rawInput);
    const { rateLimits } = this.deps.options;
    await this.deps.rateLimiter.hit(`reset-requests:address:${actor.ip}`, rateLimits.resetRequestsPerAddress);
    await this.deps.rateLimiter.hit(`reset-requests:email:${this.lookupKey(email)}`, rateLimits.resetRequestsPerEmail);
    const context = this.context(actor);
    this.runInBackground(() => this.sendPasswordReset(email, context), { requestId: actor.requestId });
  }

  private async sendPasswordReset(email: string, context: CommandContext): Promise<void> {
    const user = await this.accountByClaim('email', email);
    if (!user) return;
    const token = this.deps.newResetToken();
    const tokenHash = sha256(token);
    await handleCommand({
      eventStore: this.deps.eventStore,
      streamId: passwordResetStreamId(tokenHash),
      decider: passwordResetDecider,
      command: { type: 'RequestPasswordReset', userId: user.userId, tokenHash, now: context.now, validForMs: this.deps.options.resetTokenValidMs },
      context,
    });
    const link = `${this.deps.options.publicUrl.replace(/\/+$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
    const minutes = Math.round(this.deps.options.resetTokenValidMs / 60_000);
    await this.deps.mailer.send({
      to: user.email,
      subject: 'Reset your Nocturne password',
      text: `Hi ${user.name},\n\nSomeone asked to reset the password of your Nocturne account "${user.username}". To choose a new password, open this link within ${minutes} minutes:\n\n${link}\n\nIf it was not you, ignore this mail: your password stays as it is.\n`,
      link,
    });
    this.deps.logger.info({ userId: user.userId }, 'password reset requested');
  }

  async resetPassword(rawInput: unknown, actor: Actor): Promise<{ userId: number }> {
    const { token, password } = validatePasswordReset(rawInput);
    const context = this.context(actor);
    const streamId = passwordResetStreamId(sha256(token));
    const account = async (userId: number) => {
      const user = await this.activeUser(userId);
      return user ? { active: true as const, userId, ...(user.passwordChangedAt !== undefined && { passwordChangedAt: user.passwordChangedAt }) } : { active: false as const };
    };
    const completeCommand = async (state: PasswordResetState) => ({
      type: 'CompletePasswordReset' as const,
      now: context.now,
      account: state.status === 'requested' ? await account(state.userId) : { active: false as const },
    });

    // Checked before the (slow) hash, and again by the append that spends the token.
    const current = await loadStream(this.deps.eventStore, streamId, passwordResetDecider);
    passwordResetDecider.decide(await completeCommand(current.state), current.state);
    const passwordHash = await this.deps.passwords.hash(password);
    const completed = await handleCommand({ eventStore: this.deps.eventStore, streamId, decider: passwordResetDecider, command: completeCommand, context });
    const spent = completed.events[0];
    if (!spent) throw new RuleViolation('BAD_USER_INPUT', Messages.resetTokenInvalid, { field: 'token' });
    const { userId } = spent.data;

    const changed = await handleCommand({ eventStore: this.deps.eventStore, streamId: userStreamId(userId), decider: userDecider, command: { type: 'ChangePassword', passwordHash, now: context.now }, context });
    await this.deps.sessions.revokeAllForUser(userId);
    if (changed.state.status === 'active') await this.deps.rateLimiter.reset(this.signInFailuresKey(changed.state.username));
    this.deps.logger.info({ userId }, 'password reset');
    return { userId };
  }

  /**
   * Follows a profile edit's name and age (the profile context's AccountDetailsEdited): the edit was
   * accepted there, whole, so nothing here can refuse it. The values passed the same rules when they were
   * sent; they are checked again, as everything that crosses a context boundary. An edit that arrives
   * after the account was erased changes nothing.
   */
  async followAccountDetailsEdit(source: EventSource, data: { userId: number; name: string; age: number }): Promise<void> {
    const { name, age } = validateAccountDetails(data);
    const context: CommandContext = { now: this.deps.clock(), newEventId: this.deps.newId, metadata: causedBy(source) };
    await handleCommand({ eventStore: this.deps.eventStore, streamId: userStreamId(data.userId), decider: userDecider, command: { type: 'ChangeAccountDetails', name, age, now: context.now }, context });
  }

  /**
   * Follows a block in the swipe context (its PersonBlocked): the two accounts are hidden from each other
   * for good. Delivered at least once: a block already followed records nothing, nor does one naming an
   * account that is gone.
   */
  async followBlock(source: EventSource, data: { blockerId: number; blockedId: number; blockedAt: string }): Promise<void> {
    const context: CommandContext = { now: this.deps.clock(), newEventId: this.deps.newId, metadata: causedBy(source) };
    const bothActive = (await this.activeUser(data.blockerId)) !== null && (await this.activeUser(data.blockedId)) !== null;
    await handleCommand({ eventStore: this.deps.eventStore, streamId: blockStreamId(data.blockerId, data.blockedId), decider: blockDecider, command: { type: 'FollowBlock', ...data, bothActive }, context });
  }

  /**
   * Erases the account: personal data leaves the state, the names become free, the user's key is shredded
   * (so the stored events' personal fields are gone too), every session ends. A retry after a failure
   * half way shreds again, which is harmless.
   */
  async deleteAccount(actor: Actor): Promise<void> {
    const userId = signedInActor(actor);
    const context = this.context(actor);
    const before = await loadStream(this.deps.eventStore, userStreamId(userId), userDecider);
    const result = await handleCommand({ eventStore: this.deps.eventStore, streamId: userStreamId(userId), decider: userDecider, command: { type: 'DeleteUser', now: context.now }, context });
    if (before.state.status === 'active') {
      await this.release('username', before.state.username, userId, context);
      await this.release('email', before.state.email, userId, context);
    }
    // Only after UserDeleted is stored: every reader then meets the erasure after the unreadable events.
    if (result.state.status === 'deleted') await this.deps.personalData.shred(String(userId));
    await this.deps.sessions.revokeAllForUser(userId);
    await this.deps.users.waitFor(result.lastGlobalPosition);
    if (result.events.length > 0) this.deps.logger.info({ userId }, 'account deleted');
  }

  private runInBackground(task: () => Promise<void>, bindings: Record<string, unknown>): void {
    const running = task()
      .catch((error: unknown) => this.deps.logger.error({ ...bindings, err: error }, 'background task failed'))
      .finally(() => this.background.delete(running));
    this.background.add(running);
  }

  /** Waits for mails and other work that outlived its request (before stopping, and in tests). */
  async settle(): Promise<void> {
    while (this.background.size > 0) await Promise.all([...this.background]);
  }
}
