import { z } from 'zod';

// The chat service's REST answers.

/** One message, as `POST /api/messages` answers it and `GET /api/messages` lists it. */
export const chatMessageSchema = z.object({
  id: z.string(),
  content: z.string(),
  senderId: z.number().int(),
  matchId: z.number().int(),
  createdAt: z.string().describe('ISO 8601 instant'),
  seq: z.number().int().describe('Position in the conversation, from 1: the cursor of the history and of read markers'),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** `GET /api/messages`. */
export const messagePageSchema = z.object({
  messages: z.array(chatMessageSchema).describe('Oldest first'),
  olderCursor: z.string().nullable().describe('Pass as `before` for the older page; null at the first message'),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

/** `POST /api/time-freezes`: the match kept one night longer, and the tokens left. */
export const timeFreezeAnswerSchema = z.object({
  matchId: z.number().int(),
  fadesAt: z.string().nullable().describe('ISO 8601: the match now fades at this dawn, a night later'),
  timeFreezesLeft: z.number().int().nullable().describe('Tokens left in this allowance period'),
});
export type TimeFreezeAnswer = z.infer<typeof timeFreezeAnswerSchema>;
