/**
 * The numbers the rules are made of, without the rules: the client imports this module on its own
 * (`@nocturne/contracts/limits`, no zod) on screens that must stay light.
 */
export const Limits = {
  usernameMin: 3,
  usernameMax: 20,
  passwordMin: 6,
  passwordMax: 128,
  nameMin: 2,
  nameMax: 50,
  ageMin: 18,
  ageMax: 99,
  emailMax: 254,
  bioMax: 500,
  photosMax: 6,
} as const;

export const ProfileLimits = {
  bioMax: Limits.bioMax,
  photosMax: Limits.photosMax,
  photoMaxBytes: 10 * 1024 * 1024,
  /** 6000 x 4000: what a phone saves by default; higher-resolution modes are refused (decoding cost). */
  photoMaxMegapixels: 24,
  ageMin: Limits.ageMin,
  ageMax: Limits.ageMax,
  locationTextMax: 200,
  publicCityMax: 80,
  nightOwlScoreDefault: 5,
  nightOwlScoreMax: 10,
} as const;

/** What a person is notified of until they choose (Settings): new matches and messages, not likes or news. */
export const DefaultNotificationPreferences: { readonly matches: boolean; readonly messages: boolean; readonly likes: boolean; readonly marketing: boolean } = { matches: true, messages: true, likes: false, marketing: false };
