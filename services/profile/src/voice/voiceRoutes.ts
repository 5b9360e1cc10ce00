import type { Request, Response, Router } from 'express';
import { Messages, photoIdPattern, VoiceIntroLimits, VoiceIntroMessages } from '@nocturne/contracts';
import type { VoiceIntroAnswer } from '@nocturne/contracts/api';
import { RuleViolation, RuleViolationStatus } from '@nocturne/platform/domain';
import { INTERNAL_ERROR_MESSAGE, internalContextOf } from '@nocturne/platform/http';
import { actorOf } from '@nocturne/platform/kit';
import type { Logger } from '@nocturne/platform/logging';
import { fail, MULTIPART_OVERHEAD_BYTES, readUploads, refuseUpload, UploadRefused } from '../photos/photoRoutes';
import type { PublicUrls } from '../photos/publicUrls';
import type { WorkSlots } from '../photos/workSlots';
import type { VoiceIntroApplication } from './application';

const voiceLimit = { maxBytes: VoiceIntroLimits.maxBytes, tooLarge: VoiceIntroMessages.tooLarge };

/** What the person and others are told of a voice intro. */
export const voiceIntroView = (urls: PublicUrls, intro: { id: string; durationMs: number }) => ({ url: urls.voiceIntro(intro.id), durationSeconds: Math.ceil(intro.durationMs / 1000) });

/** Upload (`POST /media/voice-intros`, from `/api/voice-intros`) and serving (`GET /media/voice-intros/<id>`). */
export function mountVoiceRoutes(app: Router, deps: { voice: VoiceIntroApplication; urls: PublicUrls; logger: Logger; uploadMemory: WorkSlots }) {
  const { voice, urls, logger, uploadMemory } = deps;

  app.post('/voice-intros', async (req: Request, res: Response) => {
    const uid = internalContextOf(res).uid;
    const refused = (status: number, error: string, reason: string, field?: string, headers?: Record<string, string>) => {
      logger.warn({ userId: uid, status, reason }, 'voice intro refused');
      refuseUpload(req, res, status, error, field, headers);
    };
    if (uid === undefined) return refused(401, Messages.signedOut, 'signed out');
    if (!req.is('multipart/form-data')) return refused(400, VoiceIntroMessages.missing, 'not multipart/form-data', 'voiceIntro');
    const actor = actorOf({ internal: internalContextOf(res) });
    try {
      await voice.prepareUpload(actor);
      const most = VoiceIntroLimits.maxBytes + MULTIPART_OVERHEAD_BYTES;
      const declared = req.get('content-length') === undefined ? undefined : Number(req.get('content-length'));
      if (declared !== undefined && declared > most) return refused(413, VoiceIntroMessages.tooLarge, `declared ${declared} bytes`, 'voiceIntro');
      const intro = await uploadMemory.run(async () => voice.record(actor, (await readUploads(req, 1, voiceLimit))[0]), Math.max(1, declared ?? most));
      const answer: VoiceIntroAnswer = { voiceIntro: voiceIntroView(urls, intro) };
      res.status(201).json(answer);
    } catch (error) {
      if (error instanceof UploadRefused) return refused(error.status, error.answer, error.message, 'voiceIntro');
      if (error instanceof RuleViolation) {
        const retryAfter = error.details.retryAfterSeconds;
        return refused(RuleViolationStatus[error.code], error.message, error.code, error.field, retryAfter !== undefined ? { 'Retry-After': String(retryAfter) } : {});
      }
      logger.error({ err: error, userId: uid }, 'voice intro upload failed');
      refuseUpload(req, res, 500, INTERNAL_ERROR_MESSAGE);
    }
  });

  app.get('/voice-intros/:voiceId', async (req, res) => {
    const viewer = internalContextOf(res).uid;
    if (viewer === undefined) return fail(res, 401, Messages.signedOut);
    const { voiceId } = req.params;
    if (!photoIdPattern.test(voiceId)) return fail(res, 404, VoiceIntroMessages.notFound);
    try {
      const file = await voice.file(viewer, voiceId);
      if (!file) return fail(res, 404, VoiceIntroMessages.notFound);
      res.set({
        'Content-Type': file.contentType,
        // Private: for signed-in members; an id is never reused, so the bytes never change.
        'Cache-Control': 'private, max-age=31536000, immutable',
        ETag: `"${voiceId}"`,
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'Cross-Origin-Resource-Policy': 'same-site',
      });
      res.status(200).send(file.data);
    } catch (error) {
      logger.error({ err: error }, 'serving a voice intro failed');
      fail(res, 500, INTERNAL_ERROR_MESSAGE);
    }
  });
}
