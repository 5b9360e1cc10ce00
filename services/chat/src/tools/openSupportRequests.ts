import { createAdapters } from '@nocturne/platform/adapters';
import { createProjection } from '@nocturne/platform/kit';
import { createLogger } from '@nocturne/platform/logging';
import { protectPersonalData } from '@nocturne/platform/privacy';
import { chatPersonalData } from '../conversation/personalData';
import { chatCollections, createChatProjector } from '../projections/readModels';
import { supportStreamId, type SupportEvent } from '../support/supportRequest';

/**
 * Lists the open support requests, Plus and Max members' first, then oldest first, with their words:
 * `npm run support:open`. Reads like `reports:open`: the chat service's read model on the real servers,
 * the stored events of an embedded data directory (NOCTURNE_DATA_DIR, default .data; the stack stopped).
 */
async function main() {
  const logger = createLogger('chat-support', { env: { LOG_LEVEL: 'warn' } });
  const adapters = await createAdapters({ service: 'chat', logger });
  try {
    const eventStore = protectPersonalData(adapters.eventStore, adapters.personalData, chatPersonalData);
    const collections = chatCollections(adapters.readModels);
    if (adapters.mode === 'embedded') {
      const projection = createProjection({ name: 'chat-support-tool', eventStore, checkpoints: adapters.projectionCheckpoints, apply: createChatProjector(collections), logger });
      await projection.start();
      await projection.stop();
    }
    // Paying members' first, then the oldest first; ordered here rather than by the server's sort of booleans
    // (the MongoDB stand-in orders them differently from MongoDB).
    const open = (await collections.supportRequests.find({ status: 'open' })).sort((a, b) => Number(b.priority) - Number(a.priority) || a.requestedAt.localeCompare(b.requestedAt));
    if (open.length === 0) {
      process.stdout.write('No open support requests.\n');
      return;
    }
    for (const request of open) {
      const [requested] = (await eventStore.readStream(supportStreamId(request.requestId))) as unknown as SupportEvent[];
      const words = requested?.data;
      process.stdout.write(`${request.requestedAt}  ${request.priority ? 'PRIORITY' : 'standard'}  request ${request.requestId}: user ${request.userId} (${request.plan})\n`);
      // Erased with the account: the words read as null.
      process.stdout.write(words?.subject ? `    ${words.subject}\n    "${words.message}"\n` : '    (erased with the account)\n');
    }
    process.stdout.write(`${open.length} open support request${open.length === 1 ? '' : 's'}.\n`);
  } finally {
    await adapters.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
