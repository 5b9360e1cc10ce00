import { Navigate, Outlet } from 'react-router';
import { storedCurrentUserId } from './browserSession';

/** Onboarding belongs to the account just created: without its stored id the visitor starts at sign-up. */
export function RequireOnboardingUser() {
  return storedCurrentUserId() === undefined ? <Navigate to="/signup" replace /> : <Outlet />;
}
