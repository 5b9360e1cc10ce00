import busboy from 'busboy';
import type { Request, Response, Router } from 'express';
import { Messages, ProfileLimits, ProfileMessages, photoIdPattern } from '@nocturne/contracts';
import type { PhotoUploadAnswer } from '@nocturne/contracts/api';
import { RuleViolation, RuleViolationStatus } from '@nocturne/platform/domain';
import { INTERNAL_ERROR_MESSAGE, internalContextOf } from '@nocturne/platform/http';
import { actorOf } from '@nocturne/platform/kit';
import type { Logger } from '@nocturne/platform/logging';
import type { ProfileApplication } from '../profile/application';
import { SlotsBusyError, type WorkSlots } from './workSlots';
import { PhotoSizes, type PhotoSize } from './imagePipeline';
import { avatarSvg, parsePlaceholderSize, placeholderSvg } from './placeholders';
import type { PublicUrls } from './publicUrls';

const IMMUTABLE = 'max-age=31536000, immutable';

/** The one HTTP error shape of docs/design.md. */
export function fail(res: Response, status: number, error: string, field?: string) {
  if (!res.headersSent) res.status(status).json({ error, ...(field && { field }) });
}

export function sendImage(res: Response, body: Buffer | string, contentType: string, cacheControl: string) {
  res.set({
    'Content-Type': contentType,
    'Cache-Control': cacheControl,
    'X-Content-Type-Options': 'nosniff',
    // Served images never run anything, even when opened on their own (SVG).
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    'Cross-Origin-Resource-Policy': 'same-site',
  });
  res.status(200).send(body);
}

/** Why an upload was refused while its body streamed in; none of the rest of the body is kept. */
export class UploadRefused extends Error {
  override readonly name = 'UploadRefused';
  constructor(
    readonly status: number,
    /** What the client is told. */
    readonly answer: string,
    /** What the log says. */
    reason: string,
  ) {
    super(reason);
  }
}

/** Room for the multipart framing around the files (boundaries, part headers, a few small fields). */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** What one file may weigh, and what the client is told when it weighs more (photos by default). */
export interface UploadLimit {
  maxBytes: number;
  tooLarge: string;
}
const photoUploadLimit: UploadLimit = { maxBytes: ProfileLimits.photoMaxBytes, tooLarge: ProfileMessages.photoTooLarge };

/**
 * Streams the multipart body, keeping at most `maxFiles` files of at most `limit.maxBytes` each in memory.
 * It stops at the first file over the limit or one file too many, keeping none of the rest of the body.
 */
export function readUploads(req: Request, maxFiles: number, limit: UploadLimit = photoUploadLimit): Promise<Buffer[]> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { fileSize: limit.maxBytes, files: maxFiles, fields: 10, parts: maxFiles + 10 } });
    } catch (error) {
      reject(new UploadRefused(400, ProfileMessages.photoUnreadable, `malformed multipart request: ${(error as Error).message}`));
      return;
    }
    const files: Buffer[] = [];
    let settled = false;
    const settle = (error?: Error) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      req.off('aborted', aborted);
      if (error) reject(error);
      else resolve(files);
    };
    const aborted = () => settle(new UploadRefused(400, ProfileMessages.photoUnreadable, 'the client went away before the body was complete'));
    parser.on('file', (_name, stream) => {
      const chunks: Buffer[] = [];
      // The parser reports a broken body (its 'error' below); the file stream repeats it.
      stream.on('error', () => undefined);
      stream.on('data', (chunk: Buffer) => {
        if (!settled) chunks.push(chunk);
      });
      stream.on('limit', () => {
        chunks.length = 0;
        settle(new UploadRefused(413, limit.tooLarge, `a file is over ${limit.maxBytes} bytes`));
      });
      stream.on('end', () => {
        if (!settled) files.push(Buffer.concat(chunks));
      });
    });
    const tooMany = () => settle(new UploadRefused(400, ProfileMessages.photos, `more than ${maxFiles} files (the photos that still fit)`));
    parser.on('filesLimit', tooMany);
    parser.on('partsLimit', tooMany);
    parser.on('error', (error: Error) => settle(new UploadRefused(400, ProfileMessages.photoUnreadable, `malformed multipart body: ${error.message}`)));
    parser.on('close', () => settle());
    req.on('aborted', aborted);
    req.pipe(parser);
  });
}

/**
 * How long the rest of a refused upload is read and thrown away after the answer went out, before the
 * connection is cut: closing at once can reset the connection before the client has read the answer.
 */
const LINGER_AFTER_REFUSAL_MS = 2_000;

/**
 * Answers a refused upload without keeping any more of its body: what still arrives is discarded, and a
 * client still sending after a short while is cut off instead of being read to the end.
 */
export function refuseUpload(req: Request, res: Response, status: number, error: string, field?: string, headers: Record<string, string> = {}) {
  if (res.headersSent) return;
  res.set(headers);
  fail(res, status, error, field);
  if (req.complete) return;
  req.resume();
  const cut = setTimeout(() => req.socket.destroy(), LINGER_AFTER_REFUSAL_MS);
  cut.unref();
  req.once('end', () => clearTimeout(cut));
  req.once('close', () => clearTimeout(cut));
}


/**
 * Photo upload and serving, generated placeholders and avatars. Mounted behind the signed internal
 * context; uploads and photos also need a signed-in person.
 */
export function mountPhotoRoutes(app: Router, deps: { application: ProfileApplication; urls: PublicUrls; logger: Logger; uploadMemory: WorkSlots }) {
  const { application, urls, logger, uploadMemory } = deps;

  app.post('/photos', async (req, res) => {
    const uid = internalContextOf(res).uid;
    // Client mistakes are warnings without a stack; only faults of this service are errors.
    const refused = (status: number, error: string, reason: string, field?: string, headers?: Record<string, string>) => {
      logger.warn({ userId: uid, status, reason }, 'photo upload refused');
      refuseUpload(req, res, status, error, field, headers);
    };
    if (uid === undefined) return refused(401, Messages.signedOut, 'signed out');
    if (!req.is('multipart/form-data')) return refused(400, ProfileMessages.photoMissing, 'not multipart/form-data', 'photos');
    const actor = actorOf({ internal: internalContextOf(res) });
    try {
      // Everything that can be decided without the body is decided before a byte of it is read.
      const { room } = await application.prepareUpload(actor);
      const most = room * ProfileLimits.photoMaxBytes + MULTIPART_OVERHEAD_BYTES;
      const declared = req.get('content-length') === undefined ? undefined : Number(req.get('content-length'));
      if (declared !== undefined && declared > most) {
        return refused(413, ProfileMessages.photoTooLarge, `declared ${declared} bytes for at most ${room} photos`, 'photos');
      }
      // The body is held in memory until its photos are decoded: it takes its share of the process's room
      // for that first (HTTP keeps a body to its declared length; a chunked one may be as large as allowed).
      const added = await uploadMemory.run(async () => application.addPhotos(actor, await readUploads(req, room)), Math.max(1, declared ?? most));
      const profile = await application.view(uid);
      const answer: PhotoUploadAnswer = { added: added.map((id) => urls.photo(id)), photos: profile.photoIds.map((id) => urls.photo(id)) };
      res.status(201).json(answer);
    } catch (error) {
      if (error instanceof UploadRefused) return refused(error.status, error.answer, error.message, 'photos');
      if (error instanceof RuleViolation) {
        const retryAfter = error.details.retryAfterSeconds;
        return refused(RuleViolationStatus[error.code], error.message, error.code, error.field, retryAfter !== undefined ? { 'Retry-After': String(retryAfter) } : {});
      }
      if (error instanceof SlotsBusyError) {
        return refused(503, ProfileMessages.photoBusy, error.message, undefined, { 'Retry-After': String(error.retryAfterSeconds) });
      }
      logger.error({ err: error, userId: uid }, 'photo upload failed');
      refuseUpload(req, res, 500, INTERNAL_ERROR_MESSAGE);
    }
  });

  app.get('/photos/:photoId/:size', async (req, res) => {
    const viewer = internalContextOf(res).uid;
    if (viewer === undefined) return fail(res, 401, Messages.signedOut);
    const { photoId, size } = req.params;
    if (!photoIdPattern.test(photoId) || !Object.hasOwn(PhotoSizes, size)) return fail(res, 404, ProfileMessages.photoNotFound);
    try {
      const file = await application.photoFile(viewer, photoId, size as PhotoSize);
      if (!file) return fail(res, 404, ProfileMessages.photoNotFound);
      // Private: photos are for signed-in members; a photo id is never reused, so the bytes never change.
      res.set('ETag', `"${photoId}-${size}"`);
      sendImage(res, file.data, file.contentType, `private, ${IMMUTABLE}`);
    } catch (error) {
      logger.error({ err: error, photoId }, 'serving a photo failed');
      fail(res, 500, INTERNAL_ERROR_MESSAGE);
    }
  });

  app.get('/placeholder/:width/:height', (req, res) => {
    const width = parsePlaceholderSize(req.params.width);
    const height = parsePlaceholderSize(req.params.height);
    if (width === null || height === null) return fail(res, 400, 'Placeholder sizes must be whole numbers from 1 to 2048', width === null ? 'width' : 'height');
    sendImage(res, placeholderSvg(width, height), 'image/svg+xml; charset=utf-8', `public, ${IMMUTABLE}`);
  });

  app.get('/avatars/:userId', async (req, res) => {
    const viewer = internalContextOf(res).uid;
    if (viewer === undefined) return fail(res, 401, Messages.signedOut);
    if (!/^[1-9]\d{0,15}$/.test(req.params.userId)) return fail(res, 404, ProfileMessages.profileNotFound);
    const userId = Number(req.params.userId);
    try {
      // Ids are sequential: unknown, erased, blocked and not onboarded all answer the same 404, so this is no oracle.
      if (!(await application.mayShowPicturesOf(viewer, userId))) return fail(res, 404, ProfileMessages.profileNotFound);
      const profile = await application.view(userId);
      // Short-lived: the initials follow name changes.
      sendImage(res, avatarSvg(userId, profile.name), 'image/svg+xml; charset=utf-8', 'private, max-age=300');
    } catch (error) {
      logger.error({ err: error, userId }, 'serving an avatar failed');
      fail(res, 500, 'Something went wrong. Please try again.');
    }
  });
}
