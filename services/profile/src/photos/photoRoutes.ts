import busboy from 'busboy';
import type { Express, Request, Response } from 'express';
import { Messages, ProfileLimits, ProfileMessages, photoIdPattern } from '@nocturne/contracts';
import { internalContextOf, type Logger } from '@nocturne/platform';
import type { ProfileApplication } from '../profile/application';
import { RuleViolation } from '../profile/ruleViolation';
import { PhotoSizes, type PhotoSize } from './imagePipeline';
import { avatarSvg, parsePlaceholderSize, placeholderSvg } from './placeholders';
import type { PublicUrls } from './publicUrls';

const IMMUTABLE = 'max-age=31536000, immutable';
const statusOf: Record<RuleViolation['code'], number> = { BAD_USER_INPUT: 400, UNAUTHENTICATED: 401, FORBIDDEN: 403, NOT_FOUND: 404, CONFLICT: 409 };

/** The one HTTP error shape of docs/design.md. */
function fail(res: Response, status: number, error: string, field?: string) {
  if (!res.headersSent) res.status(status).json({ error, ...(field && { field }) });
}

function sendImage(res: Response, body: Buffer | string, contentType: string, cacheControl: string) {
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

class UploadTooLarge extends Error {}
class TooManyFiles extends Error {}

/** Reads the multipart body into memory, refusing any file over the limit and more than 6 files. */
function readUploads(req: Request): Promise<Buffer[]> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { fileSize: ProfileLimits.photoMaxBytes, files: ProfileLimits.photosMax, fields: 10, parts: 20 } });
    } catch (error) {
      reject(error);
      return;
    }
    const files: Buffer[] = [];
    let failure: Error | undefined;
    parser.on('file', (_name, stream) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        if (!failure) chunks.push(chunk);
      });
      stream.on('limit', () => {
        failure ??= new UploadTooLarge();
        chunks.length = 0;
      });
      stream.on('end', () => {
        if (!failure) files.push(Buffer.concat(chunks));
      });
    });
    parser.on('filesLimit', () => {
      failure ??= new TooManyFiles();
    });
    parser.on('error', (error: Error) => reject(error));
    parser.on('close', () => (failure ? reject(failure) : resolve(files)));
    req.pipe(parser);
  });
}

/**
 * Photo upload and serving, generated placeholders and avatars. Mounted behind the signed internal
 * context; uploads and photos also need a signed-in person.
 */
export function mountPhotoRoutes(app: Express, deps: { application: ProfileApplication; urls: PublicUrls; logger: Logger }) {
  const { application, urls, logger } = deps;

  app.post('/photos', async (req, res) => {
    const uid = internalContextOf(res).uid;
    if (uid === undefined) {
      req.resume();
      return fail(res, 401, Messages.signedOut);
    }
    const declaredLength = Number(req.get('content-length') ?? 0);
    if (declaredLength > ProfileLimits.photoMaxBytes * ProfileLimits.photosMax + 64 * 1024) {
      req.resume();
      return fail(res, 413, ProfileMessages.photoTooLarge, 'photos');
    }
    if (!req.is('multipart/form-data')) {
      req.resume();
      return fail(res, 400, ProfileMessages.photoMissing, 'photos');
    }
    try {
      const uploads = await readUploads(req);
      const actor = { uid };
      await application.assertRoomForPhotos(actor, uploads.length);
      const added: string[] = [];
      for (const upload of uploads) added.push(await application.addPhoto(actor, upload));
      const profile = await application.view(uid);
      res.status(201).json({ added: added.map((id) => urls.photo(id)), photos: profile.photoIds.map((id) => urls.photo(id)) });
    } catch (error) {
      if (error instanceof UploadTooLarge) return fail(res, 413, ProfileMessages.photoTooLarge, 'photos');
      if (error instanceof TooManyFiles) return fail(res, 400, ProfileMessages.photos, 'photos');
      if (error instanceof RuleViolation) return fail(res, statusOf[error.code], error.message, error.field);
      logger.error({ err: error, userId: uid }, 'photo upload failed');
      return fail(res, 400, ProfileMessages.photoUnreadable, 'photos');
    }
  });

  app.get('/photos/:photoId/:size', async (req, res) => {
    if (internalContextOf(res).uid === undefined) return fail(res, 401, Messages.signedOut);
    const { photoId, size } = req.params;
    if (!photoIdPattern.test(photoId) || !Object.hasOwn(PhotoSizes, size)) return fail(res, 404, ProfileMessages.photoNotFound);
    try {
      const file = await application.photoFile(photoId, size as PhotoSize);
      if (!file) return fail(res, 404, ProfileMessages.photoNotFound);
      // Private: photos are for signed-in members; a photo id is never reused, so the bytes never change.
      res.set('ETag', `"${photoId}-${size}"`);
      sendImage(res, file.data, file.contentType, `private, ${IMMUTABLE}`);
    } catch (error) {
      logger.error({ err: error, photoId }, 'serving a photo failed');
      fail(res, 500, 'Something went wrong. Please try again.');
    }
  });

  app.get('/placeholder/:width/:height', (req, res) => {
    const width = parsePlaceholderSize(req.params.width);
    const height = parsePlaceholderSize(req.params.height);
    if (width === null || height === null) return fail(res, 400, 'Placeholder sizes must be whole numbers from 1 to 2048', width === null ? 'width' : 'height');
    sendImage(res, placeholderSvg(width, height), 'image/svg+xml; charset=utf-8', `public, ${IMMUTABLE}`);
  });

  app.get('/avatars/:userId', async (req, res) => {
    if (internalContextOf(res).uid === undefined) return fail(res, 401, Messages.signedOut);
    if (!/^[1-9]\d{0,15}$/.test(req.params.userId)) return fail(res, 404, ProfileMessages.profileNotFound);
    const userId = Number(req.params.userId);
    try {
      const profile = await application.view(userId);
      // Short-lived: the initials follow name changes.
      sendImage(res, avatarSvg(userId, profile.name), 'image/svg+xml; charset=utf-8', 'private, max-age=300');
    } catch (error) {
      logger.error({ err: error, userId }, 'serving an avatar failed');
      fail(res, 500, 'Something went wrong. Please try again.');
    }
  });
}
