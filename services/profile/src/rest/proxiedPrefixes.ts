import { photoIdPattern } from '@nocturne/contracts';
import { photoUploadAnswerSchema, verificationAnswerSchema, voiceIntroAnswerSchema } from '@nocturne/contracts/api';
import type { ServiceProxiedPrefix } from '@nocturne/platform/rest';

const userIdPattern = /^[1-9]\d{0,15}$/;
const placeholderSizePattern = /^\d{1,4}$/;

const photoErrors = [
  { status: 401, description: "'Not signed in'" },
  { status: 404, description: 'No such photo' },
];

/**
 * The profile service's media routes (`photoRoutes.ts`, under its `/media` path space), forwarded by the
 * gateway from `/api` when a request has exactly one of these shapes.
 */
export const profileProxiedPrefixes: readonly ServiceProxiedPrefix[] = [
  {
    prefix: '/api/photos',
    targetPrefix: '/media/photos',
    operations: [
      {
        method: 'post',
        path: '/api/photos',
        operationId: 'uploadPhotos',
        summary: 'Upload photos (multipart/form-data, field `photos`; JPEG, PNG, WebP or GIF, at most 10 MB each, at most 6 in all)',
        success: { status: 201, description: 'The added photos and the whole list', contentType: 'application/json', schema: photoUploadAnswerSchema },
        errors: [
          { status: 400, description: 'No readable image, over 24 megapixels, or more files than still fit (a full profile is refused before its body is read); `field` is photos' },
          { status: 401, description: "'Not signed in'" },
          { status: 403, description: 'Cross-origin request refused (uploads must carry this site as Origin)' },
          { status: 413, description: 'A file is larger than 10 MB (answered as soon as it is, without reading the rest)' },
          { status: 429, description: 'The person uploaded their photos for the hour (PHOTO_UPLOADS_PER_HOUR); Retry-After' },
          { status: 503, description: 'Every photo decoder is busy; Retry-After' },
        ],
      },
      {
        method: 'get',
        path: '/api/photos/:photoId/:size',
        params: { photoId: photoIdPattern, size: /^(display|thumb)$/ },
        operationId: 'photo',
        summary: 'A photo, re-encoded and stripped of metadata (size: display or thumb)',
        success: { status: 200, description: 'The image', contentType: 'image/*' },
        errors: photoErrors,
      },
    ],
  },
  {
    prefix: '/api/verification/selfie',
    targetPrefix: '/media/verification/selfie',
    operations: [
      {
        method: 'post',
        path: '/api/verification/selfie',
        operationId: 'uploadVerificationSelfie',
        summary: 'The selfie of a verification request (multipart/form-data, one file; JPEG, PNG, WebP or GIF by content, at most 5 MB), kept for a moderator only until reviewed',
        success: { status: 201, description: 'The selfie waits for review', contentType: 'application/json', schema: verificationAnswerSchema },
        errors: [
          { status: 400, description: 'No file, or not a readable image; `field` is selfie' },
          { status: 401, description: "'Not signed in'" },
          { status: 403, description: 'Cross-origin request refused' },
          { status: 409, description: 'No request waits for a selfie (none asked, already verified, or one waits for review)' },
          { status: 413, description: 'The selfie is larger than 5 MB' },
          { status: 429, description: 'Too many selfies this hour; Retry-After' },
          { status: 503, description: 'Every decoder is busy; Retry-After' },
        ],
      },
    ],
  },
  {
    prefix: '/api/voice-intros',
    targetPrefix: '/media/voice-intros',
    operations: [
      {
        method: 'post',
        path: '/api/voice-intros',
        operationId: 'uploadVoiceIntro',
        summary: 'Record a voice intro (multipart/form-data, one file; WebM or Ogg by content, at most 30 seconds and 1 MB); it replaces the one before',
        success: { status: 201, description: 'The voice intro now', contentType: 'application/json', schema: voiceIntroAnswerSchema },
        errors: [
          { status: 400, description: 'No file, not a WebM or Ogg recording, or longer than 30 seconds; `field` is voiceIntro' },
          { status: 401, description: "'Not signed in'" },
          { status: 403, description: 'Cross-origin request refused' },
          { status: 413, description: 'Larger than 1 MB' },
          { status: 429, description: 'Too many recordings this hour; Retry-After' },
        ],
      },
      {
        method: 'get',
        path: '/api/voice-intros/:voiceId',
        params: { voiceId: photoIdPattern },
        operationId: 'voiceIntro',
        summary: "A member's voice intro, to the people who may see their photos",
        success: { status: 200, description: 'The recording', contentType: 'audio/*' },
        errors: [{ status: 401, description: "'Not signed in'" }, { status: 404, description: 'No such voice intro, or not one the caller may hear' }],
      },
    ],
  },
  {
    prefix: '/api/avatars',
    targetPrefix: '/media/avatars',
    operations: [
      {
        method: 'get',
        path: '/api/avatars/:userId',
        params: { userId: userIdPattern },
        operationId: 'avatar',
        summary: "A generated avatar with the person's initials",
        success: { status: 200, description: 'SVG image', contentType: 'image/svg+xml' },
        errors: [{ status: 401, description: "'Not signed in'" }, { status: 404, description: 'No such profile' }],
      },
    ],
  },
  {
    prefix: '/api/placeholder',
    targetPrefix: '/media/placeholder',
    operations: [
      {
        method: 'get',
        path: '/api/placeholder/:width/:height',
        params: { width: placeholderSizePattern, height: placeholderSizePattern },
        operationId: 'placeholder',
        summary: 'A generated placeholder image (1 to 2048 pixels each way)',
        success: { status: 200, description: 'SVG image', contentType: 'image/svg+xml' },
        errors: [{ status: 400, description: 'A size is not a whole number from 1 to 2048; `field` names it' }],
      },
    ],
  },
];

