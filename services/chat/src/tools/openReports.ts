import { createAdapters } from '@nocturne/platform/adapters';
import { createProjection } from '@nocturne/platform/kit';
import { createLogger } from '@nocturne/platform/logging';
import { protectPersonalData } from '@nocturne/platform/privacy';
import { chatPersonalData } from '../conversation/personalData';
import { chatCollections, createChatProjector } from '../projections/readModels';
import type { ReportEvent } from '../report/report';
import { reportStreamId } from '../report/report';

/**
 * Lists the open reports for moderation, oldest first, with the reporter's text: `npm run reports:open`.
 * On the real servers (KAFKA_BROKERS, MONGODB_URI, REDIS_URL) it reads the chat service's read model; on
 * an embedded data directory (NOCTURNE_DATA_DIR, default .data; the stack stopped) it projects the stored events first.
 */
async function main() {
  const logger = createLogger('chat-reports', { env: { LOG_LEVEL: 'warn' } });
  const adapters = await createAdapters({ service: 'chat', logger });
  try {
    const eventStore = protectPersonalData(adapters.eventStore, adapters.personalData, chatPersonalData);
    const collections = chatCollections(adapters.readModels);
    if (adapters.mode === 'embedded') {
      const projection = createProjection({ name: 'chat-reports-tool', eventStore, checkpoints: adapters.projectionCheckpoints, apply: createChatProjector(collections), logger });
      await projection.start();
      await projection.stop();
    }
    const open = await collections.reports.find({ status: 'open' }, { sort: { reportedAt: 1 } });
    if (open.length === 0) {
      process.stdout.write('No open reports.\n');
      return;
    }
    for (const report of open) {
      const [filed] = (await eventStore.readStream(reportStreamId(report.reportId))) as unknown as ReportEvent[];
      const text = filed?.data.text ?? null;
      const where = report.source === 'deck' ? 'from the deck' : `from a conversation${report.matchId ? ` (match ${report.matchId})` : ''}`;
      process.stdout.write(`${report.reportedAt}  report ${report.reportId}: user ${report.reporterId} reported user ${report.reportedId} for ${report.reason}, ${where}\n`);
      if (text) process.stdout.write(`    "${text}"\n`);
    }
    process.stdout.write(`${open.length} open report${open.length === 1 ? '' : 's'}.\n`);
  } finally {
    await adapters.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
