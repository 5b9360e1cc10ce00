import type { VerificationAnswer } from '@nocturne/contracts/api';
import { HttpError, requestJson } from './http';

export type Verification = VerificationAnswer['verification'];

export const fetchVerification = () => requestJson<VerificationAnswer>('GET', '/api/verification').then((answer) => answer.verification);

/** Asks to be verified: the server draws the gesture (the same one until a selfie is sent). */
export const startVerification = () => requestJson<VerificationAnswer>('POST', '/api/verification').then((answer) => answer.verification);

/** The selfie of the open request, as multipart (field `selfie`); it waits for a moderator. */
export async function uploadSelfie(selfie: Blob): Promise<Verification> {
  const form = new FormData();
  form.append('selfie', selfie, 'selfie.jpg');
  const response = await fetch('/api/verification/selfie', { method: 'POST', credentials: 'include', headers: { Accept: 'application/json' }, body: form });
  const text = await response.text();
  if (!response.ok) throw new HttpError(response.status, text, response.statusText);
  return (JSON.parse(text) as VerificationAnswer).verification;
}
