import { LimitReasons, type LimitReason } from '@nocturne/contracts/plans';
import { serverError } from './http';

// Kept apart from api/swipe.ts, whose calls the landing page and the Lobby make on first paint: this one
// needs the shared rules (and zod) at run time, which only the screens that act on a refusal load.

/** Which plan limit refused a call (403 with a `code`), if that is why it failed. */
export function limitReasonOf(error: unknown): LimitReason | undefined {
  const code = serverError(error)?.code;
  return LimitReasons.find((reason) => reason === code);
}
