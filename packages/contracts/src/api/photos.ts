import { z } from 'zod';

// The profile's media answers that are JSON (the images themselves are not).

export const uploadedPhotoSchema = z.object({
  id: z.string(),
  url: z.string().describe('The display size'),
  thumbnailUrl: z.string(),
});
export type UploadedPhoto = z.infer<typeof uploadedPhotoSchema>;

/** `POST /api/photos`. */
export const photoUploadAnswerSchema = z.object({
  added: z.array(uploadedPhotoSchema).describe('The photos of this upload, in order'),
  photos: z.array(uploadedPhotoSchema).describe('Every photo of the profile now, in order'),
});
export type PhotoUploadAnswer = z.infer<typeof photoUploadAnswerSchema>;

/** `PUT /api/profile/photos`. */
export const arrangedPhotosAnswerSchema = z.object({ photos: z.array(uploadedPhotoSchema).describe('Every photo of the profile, in the new order; the first is the main photo') });
export type ArrangedPhotosAnswer = z.infer<typeof arrangedPhotosAnswerSchema>;

/** `POST /api/voice-intros`: the signed-in person's voice intro now. */
export const voiceIntroAnswerSchema = z.object({
  voiceIntro: z.object({ url: z.string(), durationSeconds: z.number().describe('Whole seconds, rounded up') }),
});
export type VoiceIntroAnswer = z.infer<typeof voiceIntroAnswerSchema>;
