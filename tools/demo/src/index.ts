import { join } from 'node:path';
import type { InProcessInfrastructure } from '@nocturne/platform/adapters';
import type { Logger } from '@nocturne/platform/logging';
import { FileSubjectKeyStore, MemorySubjectKeyStore, PersonalDataVault } from '@nocturne/platform/privacy';
import { startNightOwls, type NightOwls } from './nightOwls';
import { fileOwlRegistry, memoryOwlRegistry } from './owlRegistry';

export { startNightOwls, type NightOwls, type NightOwlsOptions } from './nightOwls';
export { nightOwlProfiles, OWL_CITY, OWL_COUNT, type OwlProfile } from './owlProfiles';
export { owlPassword } from './seedNightOwls';
export { OWL_REPLIES_PER_CONVERSATION, owlReply } from './owlReplies';
export { GatewayClient, GatewayError, type CurrentUser, type SignedInUser } from './gatewayClient';

/** Where the demo keeps its secret and its note of finished owls: `<data>/night-owls/`. */
export const DEMO_DATA_FOLDER = 'night-owls';

/**
 * The night owls of the embedded stack: they talk to its gateway on the loopback address, hear
 * `swipe.events` on its in-process bus, and keep their secret and note under its data directory (in
 * memory when the stack's data is).
 */
export function startDemoNightOwls(options: { gateway: { url: string; port: number; host?: string }; infrastructure: InProcessInfrastructure; logger: Logger; alwaysNight?: boolean }): NightOwls {
  const { gateway, infrastructure } = options;
  const listensEverywhere = gateway.host === undefined || gateway.host === '0.0.0.0' || gateway.host === '::';
  const dir = infrastructure.dataDir === undefined ? undefined : join(infrastructure.dataDir, DEMO_DATA_FOLDER);
  const vault = new PersonalDataVault({ store: dir === undefined ? new MemorySubjectKeyStore() : new FileSubjectKeyStore(dir) });
  const owls = startNightOwls({
    gatewayUrl: listensEverywhere ? `http://127.0.0.1:${gateway.port}` : gateway.url,
    bus: infrastructure.bus,
    kv: infrastructure.kv,
    publishedPersonalData: infrastructure.publishedPersonalData,
    secret: () => vault.secret('night-owl-passwords'),
    registry: dir === undefined ? memoryOwlRegistry() : fileOwlRegistry(dir),
    logger: options.logger,
    // Where swiping is open round the clock (the embedded stack's default), the chatting owls are always up.
    ...(options.alwaysNight && { chat: { alwaysNight: true } }),
  });
  return {
    ready: owls.ready,
    async stop() {
      await owls.stop();
      await vault.close();
    },
  };
}
