import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { repoRoot } from '@nocturne/platform/testing';
import { hasRealInfrastructure, StackProcess, type Member } from '../support';

// Verification on the real servers, one process per service: a selfie reviewed with the moderation tool
// (`npm run verifications:*`) against the profile service's own port, the tick, and its loss on a photo change.
const d = hasRealInfrastructure ? describe : describe.skip;
const internalSecret = randomBytes(24).toString('base64url');
let stack: StackProcess;
let reviewDir: string;

d('verification on the real servers', () => {
  beforeAll(async () => {
    stack = await StackProcess.start({ env: { INTERNAL_SECRET: internalSecret } });
    reviewDir = mkdtempSync(path.join(tmpdir(), 'nocturne-real-verification-'));
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
    rmSync(reviewDir, { recursive: true, force: true });
  });
  jest.setTimeout(120_000);

  const tool = async (...args: string[]) =>
    (
      await promisify(execFile)(process.execPath, [path.join(repoRoot, 'services', 'profile', 'dist', 'tools', 'verifications.js'), ...args], {
        env: { PATH: process.env.PATH ?? '', PROFILE_URL: `http://127.0.0.1:${stack.ports.profile}`, INTERNAL_SECRET: internalSecret, VERIFICATION_REVIEW_DIR: reviewDir },
      })
    ).stdout;
  const image = (colour: string) => sharp({ create: { width: 64, height: 48, channels: 3, background: colour } }).jpeg().toBuffer();
  const isVerified = async (member: Member) => (await member.get('/api/auth/user').expect(200)).body.user.isVerified as boolean;

  it('approves a selfie from the moderation tool, shows the tick, and takes it away when a photo is added', async () => {
    const owner = await stack.member();
    expect((await owner.post('/api/photos').attach('photos', await image('#302050'), 'me.jpg')).status).toBe(201);
    expect((await owner.post('/api/verification', {})).status).toBe(200);
    expect((await owner.post('/api/verification/selfie').attach('selfie', await image('#c0a080'), 'selfie.jpg')).status).toBe(201);

    const line = (await tool('open')).split('\n').find((text) => text.includes(`: user ${owner.id} (`));
    const requestId = /request ([a-f0-9]{32})/.exec(line ?? '')?.[1];
    expect(requestId).toBeDefined();
    expect(await tool('approve', requestId!)).toContain(`user ${owner.id} is now verified`);
    expect(await isVerified(owner)).toBe(true);

    expect((await owner.post('/api/photos').attach('photos', await image('#503020'), 'me2.jpg')).status).toBe(201);
    expect(await isVerified(owner)).toBe(false);
    expect((await owner.get('/api/verification')).body).toEqual({ verification: { status: 'none', gesture: null } });
  });
});
