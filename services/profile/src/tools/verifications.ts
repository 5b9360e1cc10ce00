import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { INTERNAL_CONTEXT_HEADER, signInternalContext, STREAMED_BODY } from '@nocturne/platform/http';
import type { PendingVerification } from '../verification/application';

/**
 * The moderation tool for verification selfies (`npm run verifications:open`, `verifications:approve <id>`,
 * `verifications:refuse <id>`). It talks to the running profile service's moderation routes, which answer
 * only a request signed with the internal secret (the gateway never forwards them): PROFILE_URL and
 * INTERNAL_SECRET, the stack's own; unset, those the embedded stack (`npm start`) wrote to its data directory
 * (NOCTURNE_DATA_DIR, default .data, `internal-access.json`). Listing writes each selfie beside the profile's
 * photos under VERIFICATION_REVIEW_DIR (default .verifications/<request id>/) for the moderator to look at; a
 * decision deletes that folder, as the service deletes the selfie.
 */
const usage = 'usage: verifications open | approve <request id> | refuse <request id>';

async function main() {
  const [command = 'open', requestId] = process.argv.slice(2);
  const access = path.join(process.env.NOCTURNE_DATA_DIR || '.data', 'internal-access.json');
  const embedded = existsSync(access) ? (JSON.parse(readFileSync(access, 'utf8')) as { subgraphUrls: Record<string, string>; internalSecret: string }) : undefined;
  const secret = process.env.INTERNAL_SECRET || embedded?.internalSecret;
  const base = process.env.PROFILE_URL || embedded?.subgraphUrls.profile;
  if (!secret || !base) throw new Error('Set PROFILE_URL and INTERNAL_SECRET to the running profile service and its internal secret (or start the embedded stack, which writes them to its data directory)');
  const reviewDir = path.resolve(process.env.VERIFICATION_REVIEW_DIR || '.verifications');

  const call = async (method: 'GET' | 'POST', route: string): Promise<Response> => {
    const url = new URL(route, base);
    const context = signInternalContext({ ip: 'moderation' }, secret, { method, path: url.pathname, body: STREAMED_BODY });
    return fetch(url, { method, headers: { [INTERNAL_CONTEXT_HEADER]: context } });
  };
  const failure = async (answer: Response) => new Error(`${answer.status}: ${((await answer.json().catch(() => ({}))) as { error?: string }).error ?? answer.statusText}`);

  if (command === 'open') {
    const answer = await call('GET', '/media/moderation/verifications');
    if (!answer.ok) throw await failure(answer);
    const { pending } = (await answer.json()) as { pending: PendingVerification[] };
    if (pending.length === 0) {
      process.stdout.write('No verifications waiting for review.\n');
      return;
    }
    for (const request of pending) {
      const folder = path.join(reviewDir, request.requestId);
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      const save = async (route: string, name: string) => {
        const file = await call('GET', route);
        if (!file.ok) return `(${name}: ${file.status})`;
        const target = path.join(folder, name);
        writeFileSync(target, Buffer.from(await file.arrayBuffer()), { mode: 0o600 });
        return target;
      };
      const selfie = await save(`/media/moderation/verifications/${request.requestId}/selfie`, 'selfie.webp');
      const photos: string[] = [];
      for (const [index, photoId] of request.photoIds.entries()) photos.push(await save(`/media/moderation/verifications/${request.requestId}/photos/${photoId}`, `photo-${index + 1}.webp`));
      process.stdout.write(`${request.submittedAt}  request ${request.requestId}: user ${request.userId} (${request.name ?? 'no name'}), gesture "${request.gesture}"\n`);
      process.stdout.write(`    selfie: ${selfie}\n`);
      for (const photo of photos) process.stdout.write(`    photo:  ${photo}\n`);
    }
    process.stdout.write(`${pending.length} verification${pending.length === 1 ? '' : 's'} waiting for review. Decide with: npm run verifications:approve -- <request id>, npm run verifications:refuse -- <request id>\n`);
    return;
  }
  if ((command === 'approve' || command === 'refuse') && requestId) {
    const answer = await call('POST', `/media/moderation/verifications/${encodeURIComponent(requestId)}/${command}`);
    if (!answer.ok) throw await failure(answer);
    const { userId, status } = (await answer.json()) as { userId: number; status: string };
    rmSync(path.join(reviewDir, path.basename(requestId)), { recursive: true, force: true });
    process.stdout.write(`request ${requestId} ${command === 'approve' ? 'approved' : 'refused'}: user ${userId} is now ${status}; the selfie is deleted.\n`);
    return;
  }
  throw new Error(usage);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
