import { signOut } from '../api/auth';
import { HttpError } from '../api/http';
import { forgetSignedInUser } from './browserSession';

/** Ends the server session, then forgets the browser's copy. A 401 means the session was already gone. */
export async function signOutEverywhere(callSignOut: () => Promise<unknown> = signOut): Promise<void> {
  try {
    await callSignOut();
  } catch (error) {
    if (!(error instanceof HttpError && error.status === 401)) throw error;
  }
  forgetSignedInUser();
}
