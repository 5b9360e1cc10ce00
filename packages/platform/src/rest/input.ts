import { z } from 'zod';
import { firstFieldError } from '@nocturne/contracts';
import { HttpError } from './httpError';

/** The body as an object; anything else parses as empty, so the rules report the missing fields. */
export const asObject = (body: unknown): Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

/** Parses with a shared rule set of @nocturne/contracts; the first failure is a 400 naming its field. */
export function parseWith<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const { field, message } = firstFieldError(result.error);
    throw new HttpError(400, message, field || undefined);
  }
  return result.data;
}

export const validationError = { status: 400, description: 'A field breaks a rule; `field` names it' };

/**
 * A whole positive number naming something in a REST body (`swipedId`, `matchId`...), refused with one
 * message whatever is wrong with it: "`name` must be `what`" ("matchId must be a match id").
 */
export function positiveIdField(name: string, what: string) {
  const message = `${name} must be ${what}`;
  return z.number({ error: message }).int(message).positive(message);
}
