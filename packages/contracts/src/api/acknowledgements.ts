import { z } from 'zod';

// The answers of calls that return no data: what the call did, as a constant.

/** Sign-out, password reset, location saves, account deletion. */
export const okAnswerSchema = z.object({ ok: z.literal(true) });
export type OkAnswer = z.infer<typeof okAnswerSchema>;

/** `POST /api/forgot-password`: always the same words, whether or not the address has an account. */
export const PASSWORD_RESET_REQUESTED = 'Check your email for password reset instructions';
export const passwordResetRequestedAnswerSchema = z.object({ message: z.literal(PASSWORD_RESET_REQUESTED) });
export type PasswordResetRequestedAnswer = z.infer<typeof passwordResetRequestedAnswerSchema>;

/** `POST /api/unmatch`. */
export const unmatchedAnswerSchema = z.object({ unmatched: z.literal(true) });
export type UnmatchedAnswer = z.infer<typeof unmatchedAnswerSchema>;

/** `POST /api/blocks`. */
export const blockedAnswerSchema = z.object({ blocked: z.literal(true) });
export type BlockedAnswer = z.infer<typeof blockedAnswerSchema>;

/** `POST /api/swipes/undo`: the pass is taken back; the person is in the deck again. */
export const passUndoneAnswerSchema = z.object({ undone: z.literal(true), swipedId: z.number().int() });
export type PassUndoneAnswer = z.infer<typeof passUndoneAnswerSchema>;

/** `POST /api/reports`. */
export const reportedAnswerSchema = z.object({ reported: z.literal(true) });
export type ReportedAnswer = z.infer<typeof reportedAnswerSchema>;
