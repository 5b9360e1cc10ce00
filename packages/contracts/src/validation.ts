import { z } from 'zod';
import { Limits } from './limits';

/**
 * The input rules of the spec (point 5 and 9, with decisions.md), one definition for the client's forms,
 * the REST facade and the services. Each message names its field.
 */

export const Messages = {
  username: `Username must be ${Limits.usernameMin} to ${Limits.usernameMax} characters`,
  usernameRequired: 'Username is required',
  email: 'Please enter a valid email address',
  password: `Password must be at least ${Limits.passwordMin} characters`,
  passwordTooLong: `Password must be at most ${Limits.passwordMax} characters`,
  /** A new password found in the list of common breached passwords (`commonPasswords.ts`). */
  passwordTooCommon: 'This password is one of the most common leaked passwords. Please choose another.',
  passwordRequired: 'Password is required',
  name: `Name must be ${Limits.nameMin} to ${Limits.nameMax} characters`,
  age: `Age must be a whole number from ${Limits.ageMin} to ${Limits.ageMax}`,
  usernameTaken: 'Username is already taken',
  emailTaken: 'Email is already registered',
  invalidCredentials: 'Invalid username or password',
  resetTokenInvalid: 'This reset link is invalid or has expired',
  signedOut: 'Not signed in',
  forbidden: 'You can only change your own account',
  tooManyRequests: 'Too many attempts. Please try again later.',
  /** A server Nocturne needs (sessions, the database) is away for a moment: 503 with Retry-After. */
  unavailable: 'Nocturne is briefly unavailable. Please try again in a few seconds.',
  /** A server did not answer in time: 504; the request may or may not have been carried out. */
  timedOut: 'Nocturne took too long to answer. Please try again.',
} as const;

// A practical address check: something@domain.tld, no spaces, one @.
const emailPattern = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export const usernameSchema = z.string({ error: Messages.username }).trim().min(Limits.usernameMin, Messages.username).max(Limits.usernameMax, Messages.username);
export const emailSchema = z.string({ error: Messages.email }).trim().max(Limits.emailMax, Messages.email).regex(emailPattern, Messages.email);
export const passwordSchema = z.string({ error: Messages.password }).min(Limits.passwordMin, Messages.password).max(Limits.passwordMax, Messages.passwordTooLong);
export const nameSchema = z.string({ error: Messages.name }).trim().min(Limits.nameMin, Messages.name).max(Limits.nameMax, Messages.name);
export const ageSchema = z.number({ error: Messages.age }).int(Messages.age).min(Limits.ageMin, Messages.age).max(Limits.ageMax, Messages.age);

export const signUpSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  name: nameSchema,
  age: ageSchema,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  username: z.string({ error: Messages.usernameRequired }).trim().min(1, Messages.usernameRequired),
  password: z.string({ error: Messages.passwordRequired }).min(1, Messages.passwordRequired),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });
export const resetPasswordSchema = z.object({
  token: z.string({ error: Messages.resetTokenInvalid }).min(1, Messages.resetTokenInvalid),
  password: passwordSchema,
});

/** Ages typed into a form arrive as text: parse a whole number, else NaN so the age rule reports it. */
export function parseAge(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) return Number.parseInt(value, 10);
  return Number.NaN;
}

export interface FieldError {
  field: string;
  message: string;
}

/** The first problem of a failed parse, with the field it belongs to. */
export function firstFieldError(error: z.ZodError): FieldError {
  const issue = error.issues[0];
  return { field: String(issue?.path[0] ?? ''), message: issue?.message ?? 'Invalid input' };
}
