import { useId } from 'react';
import styled, { css } from 'styled-components';
import type { SwipeKind } from '@nocturne/contracts';
import { ProfileLimits } from '@nocturne/contracts/limits';
import { photosOf, type DeckProfile } from '../../api/swipe';
import { thumbnailOf } from '../../api/profile';
import { Dialog } from '../../components/Dialog';
import { OwlIcon, PinIcon, ShieldIcon } from '../../components/icons';
import { SwipeButtons } from './SwipeButtons';
import { VerifiedIcon } from './deckIcons';
import { whereabouts } from './deckProfile';

/**
 * The profile detail sheet (spec point 2): everything on the card and more; its buttons swipe and close
 * the sheet. At its end, Report and Block, each with its own dialog (the page opens it in the sheet's place).
 */
export function ProfileSheet({
  profile,
  onSwipe,
  onClose,
  onReport,
  onBlock,
  disabled = false,
}: {
  profile: DeckProfile;
  onSwipe: (kind: SwipeKind) => void;
  onClose: () => void;
  onReport: () => void;
  onBlock: () => void;
  disabled?: boolean;
}) {
  const id = useId();
  const photos = photosOf(profile);
  const morePhotos = photos.slice(1);
  const place = whereabouts(profile);
  const swipe = (kind: SwipeKind) => {
    onClose();
    onSwipe(kind);
  };

  return (
    <Dialog
      title={
        <TitleRow>
          {profile.name}, {profile.age}
          {profile.isVerified && (
            <span role="img" aria-label="Verified">
              <VerifiedIcon size={22} />
            </span>
          )}
        </TitleRow>
      }
      description={place ?? undefined}
      onClose={onClose}
      closeLabel="Close profile"
      footer={<SwipeButtons name={profile.name} onSwipe={swipe} disabled={disabled} compact />}
    >
      <Content>
        <BigPhoto src={photos[0]} alt={`${profile.name}'s main photo`} />
        <Facts>
          {place && (
            <Fact>
              <PinIcon size={16} /> {place}
            </Fact>
          )}
          <Fact $moon>
            <OwlIcon size={16} /> Night-Owl: {profile.nightOwlScore}/{ProfileLimits.nightOwlScoreMax}
          </Fact>
          {profile.isOnline && <Fact $online>Active tonight</Fact>}
          {profile.superLikedYou && <Fact $super>Super-liked you</Fact>}
        </Facts>

        <Section aria-labelledby={`${id}-about`}>
          <h3 id={`${id}-about`}>About</h3>
          <p>{profile.bio || 'No bio yet'}</p>
        </Section>

        <Section aria-labelledby={`${id}-kinks`}>
          <h3 id={`${id}-kinks`}>{'Kinks & Desires'}</h3>
          <Chips>
            {profile.kinks.map((kink) => {
              const shared = profile.sharedKinks.includes(kink);
              return (
                <Chip key={kink} $shared={shared}>
                  {kink}
                  {shared && <small> · shared</small>}
                </Chip>
              );
            })}
            {profile.kinks.length === 0 && <Empty>None to show</Empty>}
          </Chips>
        </Section>

        <Section aria-labelledby={`${id}-interests`}>
          <h3 id={`${id}-interests`}>{'Interests & Hobbies'}</h3>
          <Chips>
            {profile.interests.map((interest) => (
              <Chip key={interest}>{interest}</Chip>
            ))}
            {profile.interests.length === 0 && <Empty>None yet</Empty>}
          </Chips>
        </Section>

        {morePhotos.length > 0 && (
          <Section aria-labelledby={`${id}-photos`}>
            <h3 id={`${id}-photos`}>More Photos ({morePhotos.length})</h3>
            <PhotoGrid>
              {morePhotos.map((url, index) => (
                <li key={url}>
                  <img src={thumbnailOf(url)} alt={`${profile.name}, photo ${index + 2}`} loading="lazy" />
                </li>
              ))}
            </PhotoGrid>
          </Section>
        )}

        <SafetyRow aria-label="Safety">
          <ShieldIcon size={16} />
          <SafetyButton type="button" onClick={onReport} aria-label={`Report ${profile.name}`}>
            Report
          </SafetyButton>
          <SafetyButton type="button" onClick={onBlock} aria-label={`Block ${profile.name}`}>
            Block
          </SafetyButton>
        </SafetyRow>
      </Content>
    </Dialog>
  );
}

const TitleRow = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 8px;
`;

const Content = styled.div`
  display: grid;
  gap: 18px;
`;

const BigPhoto = styled.img`
  width: 100%;
  aspect-ratio: 4 / 5;
  max-height: 52dvh;
  object-fit: cover;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.dusk};
`;

const Facts = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Fact = styled.li<{ $moon?: boolean; $online?: boolean; $super?: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: 6px 12px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  font-size: 0.875rem;
  color: ${({ theme, $moon, $online, $super }) => ($moon ? theme.color.moon : $online ? theme.color.success : $super ? theme.color.bluePale : theme.color.textMuted)};
`;

const Section = styled.section`
  display: grid;
  gap: 8px;

  h3 {
    font-size: 0.75rem;
    font-weight: 600;
    letter-spacing: 0.14em;
    text-transform: uppercase;
    color: ${({ theme }) => theme.color.moon};
  }

  p {
    color: ${({ theme }) => theme.color.text};
    overflow-wrap: anywhere;
  }
`;

const Chips = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
`;

const Chip = styled.span<{ $shared?: boolean }>`
  padding: 5px 12px;
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: 0.8125rem;
  font-weight: 500;
  background: ${({ theme }) => theme.alpha('white', 0.08)};
  border: 1px solid ${({ theme }) => theme.color.border};
  ${({ $shared }) =>
    $shared &&
    css`
      background: linear-gradient(135deg, ${({ theme }) => theme.alpha('accentPink', 0.45)}, ${({ theme }) => theme.alpha('accentStrong', 0.45)});
      border-color: ${({ theme }) => theme.alpha('moon', 0.6)};
    `}

  small {
    font-size: 0.75rem;
    color: ${({ theme }) => theme.color.moon};
  }
`;

const Empty = styled.span`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.textSubtle};
`;

const PhotoGrid = styled.ul`
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  gap: 8px;
  margin: 0;
  padding: 0;
  list-style: none;

  img {
    width: 100%;
    aspect-ratio: 1;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radius.sm};
  }
`;

const SafetyRow = styled.div.attrs({ role: 'group' })`
  display: flex;
  align-items: center;
  gap: 8px;
  padding-top: 14px;
  border-top: 1px solid ${({ theme }) => theme.color.border};
  color: ${({ theme }) => theme.color.textSubtle};
`;

const SafetyButton = styled.button`
  min-height: 44px;
  padding: 0 16px;
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: transparent;
  color: ${({ theme }) => theme.color.textMuted};
  font: inherit;
  font-size: 0.875rem;
  cursor: pointer;

  &:hover {
    color: ${({ theme }) => theme.color.text};
    background: ${({ theme }) => theme.color.surface};
  }
`;
