import { z } from 'zod';
import { VerificationGestures, VerificationStatuses } from '../verification';

/** `GET /api/verification`, `POST /api/verification`, `POST /api/verification/selfie`: where the signed-in person's verification stands. */
export const verificationAnswerSchema = z.object({
  verification: z.object({
    status: z.enum(VerificationStatuses),
    gesture: z.enum(VerificationGestures).nullable().describe('The gesture to make in the selfie, while one is asked for or waits for review'),
  }),
});
export type VerificationAnswer = z.infer<typeof verificationAnswerSchema>;
