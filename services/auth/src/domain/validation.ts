import { z } from 'zod';
import {
  ageSchema,
  forgotPasswordSchema,
  nameSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
  type SignInInput,
  type SignUpInput,
} from '@nocturne/contracts';
import { fromZodError } from './ruleViolation';

function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}

/** Sign-up input with the rules of contracts applied (trimmed), or the first broken rule. */
export const validateSignUp = (input: unknown): SignUpInput => parseOrThrow(signUpSchema, input);

export const validateSignIn = (input: unknown): SignInInput => parseOrThrow(signInSchema, input);

const accountDetailsSchema = z.object({ name: nameSchema, age: ageSchema });

export const validateAccountDetails = (input: unknown): { name: string; age: number } => parseOrThrow(accountDetailsSchema, input);

export const validatePasswordResetRequest = (input: unknown): { email: string } => parseOrThrow(forgotPasswordSchema, input);

export const validatePasswordReset = (input: unknown): { token: string; password: string } => parseOrThrow(resetPasswordSchema, input);

/** Case-insensitive uniqueness: the key under which a username or email is claimed. */
export const normalizeForClaim = (value: string) => value.trim().toLowerCase();
