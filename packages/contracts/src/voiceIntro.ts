// Voice intros: up to 30 seconds recorded in the browser (MediaRecorder), kept like photos. Zod-free, for
// the profile edit screen's recorder too.

export const VoiceIntroLimits = {
  maxSeconds: 30,
  /** 30 seconds of Opus at a generous bit rate fit in a fraction of this. */
  maxBytes: 1024 * 1024,
  /** Recordings one person may send an hour. */
  perHour: 20,
} as const;

export const VoiceIntroMessages = {
  type: 'The voice intro must be a WebM or Ogg recording',
  tooLarge: `The voice intro must be at most ${VoiceIntroLimits.maxBytes / (1024 * 1024)} MB`,
  tooLong: `The voice intro must be at most ${VoiceIntroLimits.maxSeconds} seconds`,
  missing: 'Record a voice intro to send',
  notFound: 'Voice intro not found',
} as const;
