import type { Request, Response, Router } from 'express';
import { Messages, photoIdPattern, VerificationLimits, VerificationMessages } from '@nocturne/contracts';
import type { VerificationAnswer } from '@nocturne/contracts/api';
import { RuleViolation, RuleViolationStatus } from '@nocturne/platform/domain';
import { INTERNAL_ERROR_MESSAGE, internalContextOf } from '@nocturne/platform/http';
import { actorOf } from '@nocturne/platform/kit';
import type { Logger } from '@nocturne/platform/logging';
import { fail, MULTIPART_OVERHEAD_BYTES, readUploads, refuseUpload, sendImage, UploadRefused } from '../photos/photoRoutes';
import { SlotsBusyError, type WorkSlots } from '../photos/workSlots';
import type { VerificationApplication } from './application';

/** Request and selfie ids are 32 hex characters, like photo ids. */
const idPattern = photoIdPattern;
const selfieLimit = { maxBytes: VerificationLimits.selfieMaxBytes, tooLarge: VerificationMessages.selfieTooLarge };

function refusalOf(error: unknown): { status: number; message: string; field?: string; headers: Record<string, string> } | null {
  if (error instanceof UploadRefused) return { status: error.status, message: error.answer, field: 'selfie', headers: {} };
  if (error instanceof RuleViolation) {
    const retryAfter = error.details.retryAfterSeconds;
    return { status: RuleViolationStatus[error.code], message: error.message, ...(error.field && { field: error.field }), headers: retryAfter !== undefined ? { 'Retry-After': String(retryAfter) } : {} };
  }
  if (error instanceof SlotsBusyError) return { status: 503, message: 'Too many pictures are being processed right now. Please try again in a moment.', headers: { 'Retry-After': String(error.retryAfterSeconds) } };
  return null;
}

/**
 * The moderation routes answer only a caller holding the internal secret that speaks for nobody: the
 * gateway forwards none of `/media/moderation` (it is no proxied prefix), and what it does forward
 * carries the signed-in person.
 */
function moderator(res: Response): boolean {
  if (internalContextOf(res).uid === undefined) return true;
  fail(res, 404, 'Not found');
  return false;
}

/**
 * The selfie upload of a verification request (`POST /media/verification/selfie`, from the gateway's
 * `/api/verification/selfie`), and the moderation tool's routes under `/media/moderation/verifications`.
 */
export function mountVerificationRoutes(app: Router, deps: { verification: VerificationApplication; logger: Logger; uploadMemory: WorkSlots }) {
  const { verification, logger, uploadMemory } = deps;

  app.post('/verification/selfie', async (req: Request, res: Response) => {
    const uid = internalContextOf(res).uid;
    const refused = (status: number, error: string, reason: string, field?: string, headers?: Record<string, string>) => {
      logger.warn({ userId: uid, status, reason }, 'selfie refused');
      refuseUpload(req, res, status, error, field, headers);
    };
    if (uid === undefined) return refused(401, Messages.signedOut, 'signed out');
    if (!req.is('multipart/form-data')) return refused(400, VerificationMessages.selfieMissing, 'not multipart/form-data', 'selfie');
    const actor = actorOf({ internal: internalContextOf(res) });
    try {
      await verification.prepareSelfie(actor);
      const most = VerificationLimits.selfieMaxBytes + MULTIPART_OVERHEAD_BYTES;
      const declared = req.get('content-length') === undefined ? undefined : Number(req.get('content-length'));
      if (declared !== undefined && declared > most) return refused(413, VerificationMessages.selfieTooLarge, `declared ${declared} bytes`, 'selfie');
      const view = await uploadMemory.run(async () => verification.submitSelfie(actor, (await readUploads(req, 1, selfieLimit))[0]), Math.max(1, declared ?? most));
      const answer: VerificationAnswer = { verification: view };
      res.status(201).json(answer);
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal) return refused(refusal.status, refusal.message, error instanceof Error ? error.message : String(error), refusal.field, refusal.headers);
      logger.error({ err: error, userId: uid }, 'selfie upload failed');
      refuseUpload(req, res, 500, INTERNAL_ERROR_MESSAGE);
    }
  });

  app.get('/moderation/verifications', async (_req, res) => {
    if (!moderator(res)) return;
    try {
      res.status(200).json({ pending: await verification.pending() });
    } catch (error) {
      logger.error({ err: error }, 'listing verifications failed');
      fail(res, 500, INTERNAL_ERROR_MESSAGE);
    }
  });

  app.get('/moderation/verifications/:requestId/selfie', async (req, res) => {
    if (!moderator(res)) return;
    const { requestId } = req.params;
    if (!idPattern.test(requestId)) return fail(res, 404, VerificationMessages.requestNotFound);
    try {
      const file = await verification.selfieFile(requestId);
      if (!file) return fail(res, 404, VerificationMessages.requestNotFound);
      // Never cached anywhere: it is deleted once reviewed.
      sendImage(res, file.data, file.contentType, 'no-store');
    } catch (error) {
      logger.error({ err: error }, 'serving a selfie failed');
      fail(res, 500, INTERNAL_ERROR_MESSAGE);
    }
  });

  app.get('/moderation/verifications/:requestId/photos/:photoId', async (req, res) => {
    if (!moderator(res)) return;
    const { requestId, photoId } = req.params;
    if (!idPattern.test(requestId) || !photoIdPattern.test(photoId)) return fail(res, 404, 'Photo not found');
    try {
      const file = await verification.photoFile(requestId, photoId);
      if (!file) return fail(res, 404, 'Photo not found');
      sendImage(res, file.data, file.contentType, 'no-store');
    } catch (error) {
      logger.error({ err: error }, 'serving a photo to moderation failed');
      fail(res, 500, INTERNAL_ERROR_MESSAGE);
    }
  });

  app.post('/moderation/verifications/:requestId/:decision', async (req, res) => {
    if (!moderator(res)) return;
    const { requestId, decision } = req.params;
    if (decision !== 'approve' && decision !== 'refuse') return fail(res, 404, 'Not found');
    if (!idPattern.test(requestId)) return fail(res, 404, VerificationMessages.requestNotFound);
    try {
      res.status(200).json(await verification.review(requestId, decision === 'approve'));
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal) return fail(res, refusal.status, refusal.message);
      logger.error({ err: error }, 'reviewing a verification failed');
      fail(res, 500, INTERNAL_ERROR_MESSAGE);
    }
  });
}
