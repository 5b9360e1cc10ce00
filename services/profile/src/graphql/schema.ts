/** The profile subgraph's SDL (Federation 2): profile fields on the User entity of auth, catalogues, writes. */
export const profileTypeDefs = /* GraphQL */ `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key", "@external", "@requires", "@shareable"])

  # The auth subgraph owns User and its account fields; these are the profile's.
  type User @key(fields: "id") {
    id: Int!
    "Male, Female or Other; null until onboarding."
    gender: String
    bio: String
    "In display order; at most 6."
    photos: [Photo!]!
    "The first photo, or a generated avatar with the person's initials."
    avatarUrl: String!
    kinks: [String!]!
    interests: [String!]!
    isOnline: Boolean!
    "ISO 8601; null before the profile exists."
    lastSeen: String
    "The person's own place text. Only for the person themselves; null for everyone else."
    location: String
    "Exact position. Only for the person themselves; null for everyone else."
    latitude: Float
    longitude: Float
    isVerified: Boolean!
    onboardingCompleted: Boolean!
    "Only for the person themselves; null for everyone else."
    notificationPreferences: NotificationPreferences
    "IANA time zone. Only for the person themselves; null for everyone else."
    timeZone: String
  }

  type Photo {
    id: ID!
    "Up to 1080 px on the long side."
    url: String!
    "320 px square."
    thumbnailUrl: String!
  }

  type NotificationPreferences {
    matches: Boolean!
    messages: Boolean!
    likes: Boolean!
    marketing: Boolean!
  }

  "The one list of each, used by onboarding, profile edit, filters and validation."
  type Catalogues {
    kinks: [String!]!
    interests: [String!]!
    genders: [String!]!
  }

  "Onboarding's save. Gender defaults to Other (Skip); photos, when given, are ids of uploads in display order."
  input OnboardingInput {
    gender: String
    photos: [String!]
    kinks: [String!]
    interests: [String!]
    bio: String
  }

  "The profile edit's save (name and age go to auth's updateAccountDetails). Photos left out are removed."
  input ProfileInput {
    gender: String
    bio: String
    photos: [String!]
    kinks: [String!]
    interests: [String!]
  }

  input NotificationPreferencesInput {
    matches: Boolean
    messages: Boolean
    likes: Boolean
    marketing: Boolean
  }

  type Query {
    catalogues: Catalogues!
  }

  """
  Every write acts for the signed-in user. \`userId\`, where accepted, is the id a REST path named: any
  other user's id answers FORBIDDEN and changes nothing.
  """
  type Mutation {
    completeOnboarding(input: OnboardingInput!, userId: Int): User!
    updateProfile(input: ProfileInput!, userId: Int): User!
    "Exact position, kept for its owner; others only ever get a distance from a ~1 km grid cell."
    updateLocation(latitude: Float, longitude: Float, location: String, userId: Int): User!
    "Removes one of the signed-in user's photos; its files are deleted."
    removePhoto(id: ID!): User!
    updateNotificationPreferences(input: NotificationPreferencesInput!): User!
    "The browser's IANA time zone (the swipe window follows it)."
    setTimeZone(zone: String!): User!
  }
`;
