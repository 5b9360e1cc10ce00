import { createHmac } from 'node:crypto';
import type { Logger } from '@nocturne/platform/logging';
import { GatewayClient, GatewayError } from './gatewayClient';
import type { OwlRegistry } from './owlRegistry';
import { renderOwlPhoto } from './owlPhotos';
import type { OwlProfile } from './owlProfiles';

/** An owl's password: derived from the demo's secret, so only this stack can sign in as them. Never logged. */
export const owlPassword = (secret: Buffer, username: string) => createHmac('sha256', secret).update(`night-owl:${username}`).digest('base64url');

export interface SeedOptions {
  /** The gateway, as a browser reaches it. */
  gatewayUrl: string;
  owls: readonly OwlProfile[];
  secret: Buffer;
  registry: OwlRegistry;
  logger: Logger;
  signal?: AbortSignal;
}

export interface SeedOutcome {
  /** Owls ready to use, by user id. */
  ready: Map<number, OwlProfile>;
  /** New accounts made by this run. */
  created: number;
  /** Owls the registry already knew as complete. */
  skipped: number;
  failed: number;
}

class SeedingStopped extends Error {}

/**
 * Makes sure every owl exists, fully set up, through the gateway: sign-up (or sign-in when the username
 * is theirs already), photos, onboarding, position, time zone, and Plus for the owls who like back (they
 * answer more likes than the free plan's 30 a night). Each step is skipped when already done, so a start
 * after a crash finishes what the last one began and never makes a second account.
 */
export async function seedNightOwls(options: SeedOptions): Promise<SeedOutcome> {
  const outcome: SeedOutcome = { ready: new Map(), created: 0, skipped: 0, failed: 0 };
  const stopIfAsked = () => {
    if (options.signal?.aborted) throw new SeedingStopped();
  };

  const setUp = async (owl: OwlProfile): Promise<number | undefined> => {
    const known = options.registry.userIdOf(owl.username);
    if (known !== undefined) {
      outcome.skipped += 1;
      return known;
    }
    const client = new GatewayClient(options.gatewayUrl);
    const password = owlPassword(options.secret, owl.username);
    /** Signed in: its id; refused (no such account, or not this password): undefined. */
    const signIn = async () => {
      try {
        return (await client.signIn(owl.username, password)).id;
      } catch (error) {
        if (error instanceof GatewayError && error.status === 401) return undefined;
        throw error;
      }
    };
    let userId = options.registry.owlsMayExist ? await signIn() : undefined;
    if (userId === undefined) {
      try {
        userId = (await client.signUp({ username: owl.username, email: owl.email, password, name: owl.name, age: owl.age })).id;
        outcome.created += 1;
      } catch (error) {
        if (!(error instanceof GatewayError) || error.status !== 409) throw error;
        userId = options.registry.owlsMayExist ? undefined : await signIn();
        // Someone else holds the username (or the data outlived its secret): leave that account alone.
        if (userId === undefined) {
          options.logger.warn({ username: owl.username }, 'a demo night owl username belongs to an account the demo cannot sign in to; skipping it');
          return undefined;
        }
      }
    }
    stopIfAsked();
    const me = await client.currentUser();
    if (me.photos.length === 0) {
      const photos = await Promise.all(Array.from({ length: owl.photoCount }, (_, photo) => renderOwlPhoto(owl, photo)));
      stopIfAsked();
      await client.uploadPhotos(photos);
    }
    if (!me.onboardingCompleted) await client.completeOnboarding(userId, { gender: owl.gender, kinks: owl.kinks, interests: owl.interests, bio: owl.bio });
    if (me.latitude === null) await client.updateLocation(userId, { latitude: owl.latitude, longitude: owl.longitude, location: owl.city });
    if (me.timeZone !== owl.timeZone) await client.setTimeZone(owl.timeZone);
    if (owl.likesBack && (await client.plan()) !== 'plus') await client.choosePlan('plus', 'monthly');
    options.registry.markComplete(owl.username, userId);
    return userId;
  };

  for (const owl of options.owls) {
    stopIfAsked();
    try {
      const userId = await setUp(owl);
      if (userId !== undefined) outcome.ready.set(userId, owl);
    } catch (error) {
      if (error instanceof SeedingStopped || options.signal?.aborted) break;
      outcome.failed += 1;
      options.logger.warn({ err: error, username: owl.username }, 'a demo night owl could not be set up; the next start tries again');
    }
  }
  return outcome;
}
