import { m } from 'motion/react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { Button, ButtonLink } from '../../components/Button';
import { Eyebrow, Muted, Panel, Stack } from '../../components/Surface';
import { useSignedInUser } from '../../session/SessionContext';
import { browserTimeZone, formatCountdown, localTime } from '../../time/swipeWindow';
import { useSwipeWindow } from '../../time/useSwipeWindow';
import { LikesReceivedPanel } from './LikesReceivedPanel';

export function greetingFor(now: Date, timeZone: string = browserTimeZone()): string {
  const { hour } = localTime(now, timeZone);
  if (hour >= 20 || hour < 4) return 'Good evening';
  if (hour < 12) return 'Good morning';
  if (hour < 17) return 'Good afternoon';
  return 'Good evening';
}

export function LobbyPage() {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const swipeWindow = useSwipeWindow(user.id);
  const { open } = swipeWindow;

  return (
    <Page initial={{ opacity: 0, y: 12 }} animate={{ opacity: 1, y: 0 }} transition={{ duration: 0.4 }}>
      <Stack $gap={6}>
        <Eyebrow>Day Lobby</Eyebrow>
        <Greeting>
          {greetingFor(new Date(), swipeWindow.timeZone)}, {user.name}
        </Greeting>
        <Muted>
          {open
            ? `${swipeWindow.mode === 'always' ? 'Swiping is open round the clock' : 'The night is open'}. Step into the swipe deck and see who is out under the same stars.`
            : 'Swiping opens at 8:00 PM. Until then, perfect your profile so you shine when the stars align.'}
        </Muted>
      </Stack>

      <CountdownCard aria-label="Swipe window">
        <Eyebrow>{open ? 'Tonight is live' : 'Swiping opens in'}</Eyebrow>
        {open ? <BigWords>Open now</BigWords> : <BigDigits>{formatCountdown(swipeWindow.countdown)}</BigDigits>}
        <Muted>{swipeWindow.mode === 'always' ? 'Demo mode: swiping is open round the clock.' : 'Open nightly from 8:00 PM to 4:00 AM, your time.'}</Muted>
      </CountdownCard>

      <LikesReceivedPanel userId={user.id} />

      <Actions>
        <Button $variant="secondary" onClick={() => void navigate('/profile')}>
          Edit profile
        </Button>
        <Button $variant="secondary" onClick={() => void navigate('/settings')}>
          Settings
        </Button>
      </Actions>
      <ButtonLink to="/swipe-deck" $block>
        Enter swipe deck
      </ButtonLink>
    </Page>
  );
}

const Page = styled(m.div)`
  display: grid;
  gap: 20px;
`;

const Greeting = styled.h1`
  font-family: ${({ theme }) => theme.font.display};
  font-size: 2rem;
  line-height: 1.15;
  overflow-wrap: anywhere;
`;

const CountdownCard = styled(Panel)`
  justify-items: center;
  text-align: center;
  padding: 28px 20px;
  background:
    radial-gradient(120% 100% at 50% 0%, ${({ theme }) => theme.alpha('accentStrong', 0.28)}, transparent 70%),
    ${({ theme }) => theme.gradient.glass};
`;

const BigDigits = styled.p`
  font-family: ${({ theme }) => theme.font.mono};
  font-size: 2.5rem;
  font-weight: 600;
  font-variant-numeric: tabular-nums;
  letter-spacing: 0.04em;
  color: ${({ theme }) => theme.color.text};
  text-shadow: 0 0 24px ${({ theme }) => theme.alpha('accent', 0.5)};
`;

const BigWords = styled.p`
  font-family: ${({ theme }) => theme.font.display};
  font-size: 2.5rem;
  font-weight: 600;
  line-height: 1.2;
  text-shadow: 0 0 24px ${({ theme }) => theme.alpha('success', 0.35)};
`;

const Actions = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 12px;
`;
