// Verification (free, for everyone): a selfie taken in the browser while making a gesture the server
// chose, compared with the profile's photos by a moderator. Zod-free, for the light screens too.

/** The gestures a selfie may be asked to show; the server draws one per request and keeps it with it. */
export const VerificationGestures = [
  'Thumbs up',
  'Peace sign',
  'Hand flat on your head',
  'Finger on your nose',
  'Open hand beside your face',
  'Point at the camera',
] as const;
export type VerificationGesture = (typeof VerificationGestures)[number];

/**
 * Where a person's verification stands: `none` (never asked, or asked again after a photo change),
 * `awaiting-selfie` (a gesture was drawn), `pending` (a selfie waits for a moderator), `verified`,
 * `refused` (the last selfie was refused; asking again draws a new gesture).
 */
export const VerificationStatuses = ['none', 'awaiting-selfie', 'pending', 'verified', 'refused'] as const;
export type VerificationStatus = (typeof VerificationStatuses)[number];

export const VerificationLimits = {
  /** A still frame of a camera is far smaller; anything larger is not one. */
  selfieMaxBytes: 5 * 1024 * 1024,
  /** Selfies one person may send an hour (each is decoded and kept until reviewed). */
  selfiesPerHour: 10,
} as const;

export const VerificationMessages = {
  needsPhoto: 'Add a photo of yourself first: the selfie is compared with your photos',
  alreadyVerified: 'Your profile is already verified',
  alreadyPending: 'Your selfie is waiting for review',
  notStarted: 'Start verification first: the app names the gesture to make',
  selfieMissing: 'Take a selfie to send',
  selfieType: 'The selfie must be a JPEG, PNG, WebP or GIF image',
  selfieTooLarge: `The selfie must be at most ${VerificationLimits.selfieMaxBytes / (1024 * 1024)} MB`,
  requestNotFound: 'No verification request waits for review with that id',
} as const;
