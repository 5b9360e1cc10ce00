import type { PersonalDataRule, PersonalDataRules } from '@nocturne/platform/privacy';
import type {
  AccountDetailsEdited,
  AccountNameChanged,
  BlurredCopyMade,
  KinkVisibilityChanged,
  PublicCityChanged,
  LocationUpdated,
  NotificationPreferencesChanged,
  OnboardingCompleted,
  PhotoAdded,
  PhotoRemoved,
  PhotosArranged,
  ProfileCreated,
  ProfileErased,
  ProfileEvent,
  ProfileUpdated,
  TimeZoneSet,
  VerificationApproved,
  VerificationLapsed,
  VerificationRefused,
  VerificationRequested,
  VerificationSelfieSubmitted,
  VoiceIntroRecorded,
  VoiceIntroRemoved,
} from './profile';

/** Personal fields of an event about user `data.userId`, encrypted with that user's key (this service's own). */
const ofUser = <E extends ProfileEvent>(fields: ReadonlyArray<Extract<keyof E['data'], string>>): PersonalDataRule => ({
  subject: (data) => String(data.userId),
  fields,
});

const details = ['gender', 'bio', 'photoIds', 'kinks', 'interests'] as const;

/**
 * What the event store holds encrypted: everything but ids and times. The name comes from auth's
 * integration events and is kept under this service's key. Events stored before these rules (there is no
 * production data) read as they are, so no migration is needed.
 */
export const profilePersonalData = {
  ProfileCreated: ofUser<ProfileCreated>(['name']),
  AccountNameChanged: ofUser<AccountNameChanged>(['name']),
  AccountDetailsEdited: ofUser<AccountDetailsEdited>(['name', 'age']),
  OnboardingCompleted: ofUser<OnboardingCompleted>(details),
  ProfileUpdated: ofUser<ProfileUpdated>(details),
  PhotoAdded: ofUser<PhotoAdded>(['photoId', 'photoIds', 'blurredId']),
  PhotoRemoved: ofUser<PhotoRemoved>(['photoId', 'photoIds', 'blurredId']),
  PhotosArranged: ofUser<PhotosArranged>(['photoIds']),
  // Stored by earlier versions only; kept so that they are read back.
  BlurredCopyMade: ofUser<BlurredCopyMade>(['photoId', 'blurredId', 'photoIds']),
  LocationUpdated: ofUser<LocationUpdated>(['latitude', 'longitude', 'location']),
  NotificationPreferencesChanged: ofUser<NotificationPreferencesChanged>(['matches', 'messages', 'likes', 'marketing']),
  KinkVisibilityChanged: ofUser<KinkVisibilityChanged>(['audience', 'perKink']),
  PublicCityChanged: ofUser<PublicCityChanged>(['city']),
  TimeZoneSet: ofUser<TimeZoneSet>(['timeZone']),
  // The gesture is one of a public list; the selfie's id names a picture of the person's face.
  VerificationRequested: ofUser<VerificationRequested>([]),
  VerificationSelfieSubmitted: ofUser<VerificationSelfieSubmitted>(['selfieId']),
  VerificationApproved: ofUser<VerificationApproved>(['selfieId']),
  VerificationRefused: ofUser<VerificationRefused>(['selfieId']),
  VerificationLapsed: ofUser<VerificationLapsed>([]),
  // The voice's id names a recording of the person, as a photo id names a picture.
  VoiceIntroRecorded: ofUser<VoiceIntroRecorded>(['voiceId']),
  VoiceIntroRemoved: ofUser<VoiceIntroRemoved>(['voiceId']),
  ProfileErased: ofUser<ProfileErased>(['photoIds', 'blurredIds', 'selfieId', 'voiceId']),
} satisfies Record<ProfileEvent['type'], PersonalDataRule> & PersonalDataRules;
