import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { fetchCurrentUser, type SessionUser } from '../../api/auth';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { UserIcon } from '../../components/icons';
import { signOutEverywhere } from '../../session/signOut';
import { toast } from '../../toast/toastStore';

export const SIGNED_IN_TITLE = "You're already signed in";

interface SignedInNoticeProps {
  /** Who the server says is signed in (GET /api/auth/user); a failure means nobody. */
  loadUser?: () => Promise<SessionUser>;
  signOut?: () => Promise<void>;
}

/**
 * Creating an account signs the new person in, which ends the session of whoever is signed in on this
 * browser. So a signed-in person who opens the sign-up screen is asked first: continue as themselves,
 * or sign out and then create the new account. The question must be answered (no Escape, no close).
 */
export function SignedInNotice({ loadUser = fetchCurrentUser, signOut = signOutEverywhere }: SignedInNoticeProps) {
  const navigate = useNavigate();
  const [user, setUser] = useState<SessionUser | null>(null);
  const [signingOut, setSigningOut] = useState(false);

  useEffect(() => {
    let current = true;
    loadUser().then(
      (signedIn) => current && setUser(signedIn),
      // Signed out (401) or the server unreachable: the form is what this screen is for.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [loadUser]);

  if (!user) return null;

  const signOutFirst = async () => {
    setSigningOut(true);
    try {
      await signOut();
      setUser(null);
    } catch {
      toast({ title: 'Sign out failed', description: 'Something went wrong. Please try again.', variant: 'destructive' });
    } finally {
      setSigningOut(false);
    }
  };

  return (
    <Dialog
      role="alertdialog"
      icon={<UserIcon size={28} />}
      title={SIGNED_IN_TITLE}
      description={`You're signed in as ${user.name} (@${user.username}). A new account would end that session.`}
      footer={
        <>
          <Button $block data-autofocus disabled={signingOut} onClick={() => void navigate(user.onboardingCompleted ? '/feed' : '/onboarding')}>
            Continue as {user.name}
          </Button>
          <Button $variant="ghost" $block disabled={signingOut} aria-busy={signingOut} onClick={() => void signOutFirst()}>
            {signingOut ? 'Signing Out...' : 'Sign out first'}
          </Button>
        </>
      }
    >
      {null}
    </Dialog>
  );
}
