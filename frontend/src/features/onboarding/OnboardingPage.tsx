import { useNavigate } from 'react-router';
import { Button } from '../../components/Button';
import { SparkIcon } from '../../components/icons';
import { EmptyState, IconHalo, Muted } from '../../components/Surface';
import { forgetCurrentUserId } from '../../session/browserSession';

/** The five-step wizard arrives with the onboarding feature; skipping ends onboarding like the wizard would. */
export function OnboardingPage() {
  const navigate = useNavigate();
  return (
    <EmptyState>
      <IconHalo>
        <SparkIcon size={34} />
      </IconHalo>
      <h1>Set up your profile</h1>
      <Muted>Profile setup (gender, photos, kinks, interests and bio) is coming soon. You can start exploring now.</Muted>
      <Button
        onClick={() => {
          forgetCurrentUserId();
          void navigate('/feed');
        }}
      >
        Skip for now
      </Button>
    </EmptyState>
  );
}
