import { z } from 'zod';
import { isCommonPassword } from '@nocturne/contracts/commonPasswords';
import {
  ageSchema,
  forgotPasswordSchema,
  Messages,
  nameSchema,
  passwordSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
  type SignInInput,
  type SignUpInput,
} from '@nocturne/contracts';
import { fromZodError } from '@nocturne/platform/domain';

function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}

/**
 * A password someone chooses (sign-up, reset): the length rules, and not one of the most common breached
 * passwords, which are the first ones guessed. Signing in with an old one still works.
 */
const newPasswordSchema = passwordSchema.refine((password) => !isCommonPassword(password), Messages.passwordTooCommon);
const newAccountSchema = signUpSchema.extend({ password: newPasswordSchema });
const newPasswordResetSchema = resetPasswordSchema.extend({ password: newPasswordSchema });

/** Sign-up input with the rules of contracts applied (trimmed), or the first broken rule. */
export const validateSignUp = (input: unknown): SignUpInput => parseOrThrow(newAccountSchema, input);

export const validateSignIn = (input: unknown): SignInInput => parseOrThrow(signInSchema, input);

const accountDetailsSchema = z.object({ name: nameSchema, age: ageSchema });

export const validateAccountDetails = (input: unknown): { name: string; age: number } => parseOrThrow(accountDetailsSchema, input);

export const validatePasswordResetRequest = (input: unknown): { email: string } => parseOrThrow(forgotPasswordSchema, input);

export const validatePasswordReset = (input: unknown): { token: string; password: string } => parseOrThrow(newPasswordResetSchema, input);

/** Case-insensitive uniqueness: the key under which a username or email is claimed. */
export const normalizeForClaim = (value: string) => value.trim().toLowerCase();
