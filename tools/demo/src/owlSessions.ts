import type { Logger } from '@nocturne/platform/logging';
import type { EventBus, KeyValueStore } from '@nocturne/platform/ports';
import type { PersonalDataVault } from '@nocturne/platform/privacy';
import { GatewayClient } from './gatewayClient';
import type { OwlProfile } from './owlProfiles';

/** Each owl's signed-in client, made on first use and again when its session ended: one per owl for every consumer. */
export class OwlSessions {
  private readonly clients = new Map<number, GatewayClient>();

  constructor(
    readonly gatewayUrl: string,
    private readonly passwordOf: (owl: OwlProfile) => string,
  ) {}

  async of(owlId: number, owl: OwlProfile): Promise<GatewayClient> {
    const existing = this.clients.get(owlId);
    if (existing?.signedIn) return existing;
    const client = new GatewayClient(this.gatewayUrl);
    await client.signIn(owl.username, this.passwordOf(owl));
    this.clients.set(owlId, client);
    return client;
  }
}

/** What a consumer of the owls (liking back, chatting) is given. */
export interface OwlConsumerOptions {
  bus: EventBus;
  kv: KeyValueStore;
  /** The shared keys that open the personal fields of published events. */
  publishedPersonalData: PersonalDataVault;
  /** The owls ready to use, by user id. */
  owls: ReadonlyMap<number, OwlProfile>;
  sessions: OwlSessions;
  logger: Logger;
}
