import { z } from 'zod';
import { ReportReasons } from './catalogues';
import { integrationContract } from './envelope';

// --- Messages and conversations (spec point 2 "Chat", point 5 "Send message"; decisions.md "Chat") -------

export const ChatLimits = {
  /** Characters of one message, after trimming. */
  messageMax: 2000,
  /** Messages per page of a conversation's history. */
  pageMax: 100,
  reportTextMax: 1000,
} as const;

export const ChatMessages = {
  empty: 'Message cannot be empty',
  tooLong: `Message must be at most ${ChatLimits.messageMax.toLocaleString('en-US')} characters`,
  matchNotFound: 'No such match',
  presenceOfMatches: 'Presence is shared only between matches',
  reportNotMatched: 'You can only report someone you matched with',
  senderNotYou: 'You can only send messages as yourself',
  ended: 'This match has ended',
  notFading: 'Only a match that fades at dawn tonight can be kept with a Time-Freeze',
  timeFreezeMax: 'Time-Freeze tokens come with Max',
  timeFreezesUsed: 'No Time-Freeze tokens left until your allowance renews',
  chatLimit: 'Free members can chat in one conversation per night. Upgrade to keep the conversation going.',
  sendFailedTitle: 'Error',
  sendFailed: 'Failed to send message. Please try again.',
  reportReason: 'Choose a reason for the report',
  reportText: `The report's text must be at most ${ChatLimits.reportTextMax} characters`,
  reportSelf: "You can't report yourself",
  pageSize: `limit must be a whole number from 1 to ${ChatLimits.pageMax}`,
  cursor: 'before must be a cursor from an earlier page',
} as const;

/** A message's text as the server keeps it: trimmed, 1 to 2,000 characters. */
export const messageContentSchema = z
  .string({ error: ChatMessages.empty })
  .trim()
  .min(1, ChatMessages.empty)
  .max(ChatLimits.messageMax, ChatMessages.tooLong);

/** Spec point 3, "Ice-breaker prompts (5)". */
export const IceBreakers = [
  "What's your favorite constellation?",
  'Late night coffee or tea?',
  "What's your best midnight snack?",
  "What's your favorite thing about the night?",
  'Night owl or early bird?',
] as const;

export const reportInputSchema = z.object({
  reason: z.enum(ReportReasons, { error: ChatMessages.reportReason }),
  text: z.string({ error: ChatMessages.reportText }).trim().max(ChatLimits.reportTextMax, ChatMessages.reportText).default(''),
});

// --- Integration events on `chat.events` (and the messages on `chat.messages`) -------------------------

/** A message was sent in a match's conversation; the text stays in the chat service. Keyed by the match. */
export const MessageSentV1 = z.object({
  messageId: z.string(),
  matchId: z.number().int().positive(),
  senderId: z.number().int().positive(),
  recipientId: z.number().int().positive(),
  sentAt: z.string(),
});
export type MessageSentV1 = z.infer<typeof MessageSentV1>;

/** Someone reported another person, for moderation; the text stays in the chat service. Keyed by the report. */
export const PersonReportedV1 = z.object({
  reportId: z.string(),
  reporterId: z.number().int().positive(),
  reportedId: z.number().int().positive(),
  reason: z.enum(ReportReasons),
  reportedAt: z.string(),
});
export type PersonReportedV1 = z.infer<typeof PersonReportedV1>;

/**
 * The dawn rule: nobody wrote in the match before its dawn, so it is over for both (the swipe context ends
 * the pair as an unmatch would). Keyed by the conversation.
 */
export const MatchFadedV1 = z.object({
  matchId: z.number().int().positive(),
  /** Ascending. */
  userIds: z.tuple([z.number().int().positive(), z.number().int().positive()]),
  dawnAt: z.string(),
  fadedAt: z.string(),
});
export type MatchFadedV1 = z.infer<typeof MatchFadedV1>;

export const ChatEvents = {
  MessageSent: integrationContract({ type: 'MessageSent', version: 1, schema: MessageSentV1, personal: [] }),
  MatchFaded: integrationContract({ type: 'MatchFaded', version: 1, schema: MatchFadedV1, personal: [] }),
  PersonReported: integrationContract({ type: 'PersonReported', version: 1, schema: PersonReportedV1, personal: [] }),
} as const;
