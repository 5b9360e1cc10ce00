import path from 'node:path';
import type { Logger } from '@nocturne/platform/process';
import { superviseUntilStopped } from './supervisor';

// The launcher of the embedded stack. It loads the supervisor and the platform's light entry only: the
// stack itself (every service, the gateway) runs in the child.

/**
 * What the embedded stack loses when its process starts again after a crash. Events, profiles, photos,
 * checkpoints and the key-value store (sessions, rate-limit counters, Idempotency-Key answers) are on disk
 * under NOCTURNE_DATA_DIR and are kept; the launcher always gives the child one. Relay leases are not
 * kept (they name a process that is gone): the new relays publish at once.
 */
export const EMBEDDED_RESTART_LOSES = 'open live connections (chat) end; sessions, counters and everything else under NOCTURNE_DATA_DIR are kept';

/**
 * Without real infrastructure: the embedded stack (every service and the gateway) as one child process,
 * restarted with the same backoff if it crashes, so one crash is not an outage. A configuration error
 * exits 78 as the child did.
 */
export function launchEmbeddedStack(variables: NodeJS.ProcessEnv, logger: Logger): Promise<number> {
  return superviseUntilStopped([{ name: 'embedded', script: path.join(__dirname, 'embeddedMain.js'), env: variables, lostOnRestart: EMBEDDED_RESTART_LOSES }], logger);
}
