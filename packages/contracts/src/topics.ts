/**
 * One topic per producing context, keyed by aggregate id; and every swipe and every message on a topic of
 * its own: no service reads them (tools do: the demo's owls who like back and chat back), and on
 * `swipe.events` or `chat.events` each one would wake every reader of matches, blocks, plans or fades only
 * to be skipped.
 */
export const Topics = {
  auth: 'auth.events',
  profile: 'profile.events',
  swipe: 'swipe.events',
  swipes: 'swipe.swipes',
  chat: 'chat.events',
  messages: 'chat.messages',
} as const;
export type Topic = (typeof Topics)[keyof typeof Topics];

/** Where a message goes when its handler keeps failing. */
export const deadLetterTopic = (topic: string) => `${topic}.dlq`;
