/** One topic per producing context, keyed by aggregate id. */
export const Topics = {
  auth: 'auth.events',
  profile: 'profile.events',
  swipe: 'swipe.events',
  chat: 'chat.events',
} as const;
export type Topic = (typeof Topics)[keyof typeof Topics];

/** Where a message goes when its handler keeps failing. */
export const deadLetterTopic = (topic: string) => `${topic}.dlq`;
