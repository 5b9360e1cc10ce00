import { z } from 'zod';

/** `POST /api/support`: the request reached the support team; `priority` when the person's plan is answered first. */
export const supportRequestedAnswerSchema = z.object({
  received: z.literal(true),
  priority: z.boolean().describe('Plus and Max members are answered first'),
});
export type SupportRequestedAnswer = z.infer<typeof supportRequestedAnswerSchema>;
