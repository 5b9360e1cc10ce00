import styled from 'styled-components';
import { PRODUCT_NAME } from '../../brand';
import { ButtonLink, TextLink } from '../../components/Button';
import { Moon } from '../../components/Moon';
import { NightScreen } from '../../components/NightScreen';
import { preloadOnIntent, screens } from '../../screens';
import { riseIn } from '../../theme/animations';
import { isNightTime } from '../../time/swipeWindow';
import { useClockValue } from '../../time/useNow';
import { useSwipingOpen } from '../../time/useSwipeWindow';

export function LandingPage() {
  // The landing scene re-reads the clock every second so the sky warms the moment night falls; it only
  // redraws when night falls or the window opens.
  const night = useClockValue(isNightTime, 1000);
  const open = useSwipingOpen(1000);

  return (
    <NightScreen tinted={night}>
      <Scene>
        <Moon size={156} />
        <Titles>
          <Title>{PRODUCT_NAME}</Title>
          <Tagline>find a match when the stars align</Tagline>
        </Titles>
        <Lead>When darkness falls, connections rise.</Lead>
        <NightStatus>
          <Dot aria-hidden="true" $open={open} />
          {open ? 'The night is open: swiping is live' : 'Swiping opens nightly at 8:00 PM'}
        </NightStatus>
      </Scene>
      <Actions>
        <ButtonLink to="/signup" $block {...preloadOnIntent(screens.signUp)}>
          Enter the Night
        </ButtonLink>
        <TextLink to="/signin" {...preloadOnIntent(screens.signIn)}>
          Already exploring?
        </TextLink>
        <AgeNote>Adults only (18+)</AgeNote>
      </Actions>
    </NightScreen>
  );
}

const Scene = styled.div`
  flex: 1;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 28px;
  padding-top: 32px;
  text-align: center;
`;

const Titles = styled.div`
  display: grid;
  gap: 10px;
`;

const Title = styled.h1`
  ${riseIn(0, 0.9, 16, { fade: false })};
  font-family: ${({ theme }) => theme.font.display};
  font-size: clamp(3rem, 15vw, 4.25rem);
  font-weight: 600;
  line-height: 1;
  letter-spacing: -0.02em;
  background: ${({ theme }) => theme.gradient.headline};
  -webkit-background-clip: text;
  background-clip: text;
  color: transparent;
  text-shadow: 0 0 40px ${({ theme }) => theme.alpha('accent', 0.25)};
`;

const Tagline = styled.p`
  ${riseIn(0.35, 0.7)};
  font-size: 0.8125rem;
  font-weight: 500;
  letter-spacing: 0.18em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.color.moon};
`;

const Lead = styled.p`
  ${riseIn(0.5, 0.7)};
  max-width: 18em;
  font-family: ${({ theme }) => theme.font.display};
  font-size: 1.375rem;
  font-style: italic;
  line-height: 1.35;
  color: ${({ theme }) => theme.color.textMuted};
`;

const NightStatus = styled.p`
  ${riseIn(0.6, 0.7)};
  display: inline-flex;
  align-items: center;
  gap: 8px;
  padding: 8px 14px;
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Dot = styled.span<{ $open: boolean }>`
  width: 8px;
  height: 8px;
  border-radius: 50%;
  background: ${({ $open, theme }) => ($open ? theme.color.success : theme.color.moon)};
  box-shadow: 0 0 10px ${({ $open, theme }) => ($open ? theme.color.success : theme.color.moonGlow)};
`;

const Actions = styled.div`
  ${riseIn(0.75, 0.7)};
  display: grid;
  justify-items: center;
  gap: 18px;
  padding: 32px 0 8px;
`;

const AgeNote = styled.p`
  font-size: 0.75rem;
  color: ${({ theme }) => theme.color.textSubtle};
`;
