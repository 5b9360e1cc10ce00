/**
 * The one catalogue of genders, kinks and interests (decisions.md): used by onboarding, profile edit,
 * filters and validation alike, on the client and every service.
 */
export const Genders = ['Male', 'Female', 'Other'] as const;
export type Gender = (typeof Genders)[number];
/** What onboarding stores when the person skips the gender step. */
export const DefaultGender: Gender = 'Other';

/** The union of the spec's onboarding (30) and profile-edit (24) lists; 'Role Playing' is 'Role Play'. */
export const Kinks = [
  'Rope Play',
  'Impact Play',
  'Sensory Play',
  'Sensory Deprivation',
  'Power Exchange',
  'Role Play',
  'Leather & Latex',
  'Wax Play',
  'Temperature Play',
  'Orgasm Control',
  'Exhibitionism',
  'Voyeurism',
  'Pet Play',
  'Age Play',
  'Discipline',
  'Humiliation',
  'Praise',
  'Choking',
  'Spanking',
  'Blindfolding',
  'Restraints',
  'Dominant',
  'Submissive',
  'Switch',
  'Daddy/Mommy',
  'Master/Slave',
  'Primal',
  'Brat',
  'Sadist',
  'Masochist',
  'Cuckold',
] as const;
export type Kink = (typeof Kinks)[number];

/** The union of the spec's onboarding (25) and profile-edit (25) interest lists. */
export const Interests = [
  'Photography',
  'Art',
  'Design',
  'Music',
  'Travel',
  'Coffee',
  'Wine',
  'Cooking',
  'Fitness',
  'Yoga',
  'Reading',
  'Writing',
  'Gaming',
  'Movies',
  'Dancing',
  'Hiking',
  'Beach',
  'Concerts',
  'Festivals',
  'Tattoos',
  'Piercings',
  'Motorcycles',
  'Cars',
  'Tech',
  'Crypto',
  'Astronomy',
  'Spirituality',
  'Meditation',
] as const;
export type Interest = (typeof Interests)[number];

/** Why someone reports another person (a conversation's menu, the deck's detail sheet), and how the app names it. */
export const ReportReasons = ['spam', 'harassment', 'fake-profile', 'inappropriate-content', 'underage', 'other'] as const;
export type ReportReason = (typeof ReportReasons)[number];
export const reportReasonLabels: Readonly<Record<ReportReason, string>> = {
  spam: 'Spam or scam',
  harassment: 'Harassment',
  'fake-profile': 'Fake profile',
  'inappropriate-content': 'Inappropriate content',
  underage: 'Looks underage',
  other: 'Something else',
};
