import type { z } from 'zod';
import type { ServerError } from '../api/http';

export type FieldErrors<TField extends string> = Partial<Record<TField, string>>;

/** The first message of each failing field, keyed by field, so every field shows its own problem. */
export function fieldErrorsOf<TField extends string>(schema: z.ZodType, input: unknown): FieldErrors<TField> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const errors: FieldErrors<TField> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as TField;
    errors[field] ??= issue.message;
  }
  return errors;
}

export const hasErrors = (errors: FieldErrors<string>) => Object.keys(errors).length > 0;

/** A server refusal that names one of the form's fields (a taken username, say) is shown under that field. */
export function withServerFieldError<TField extends string>(
  errors: FieldErrors<TField>,
  fields: readonly TField[],
  server: ServerError | undefined,
): FieldErrors<TField> {
  if (!server?.field || !fields.includes(server.field as TField)) return errors;
  return { ...errors, [server.field]: server.message };
}
