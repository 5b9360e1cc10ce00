import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { m } from 'motion/react';
import styled from 'styled-components';
import { ProfileLimits } from '@nocturne/contracts/limits';
import { Button, ButtonLink } from '../../components/Button';
import { EditIcon, GearIcon, HeartIcon, OwlIcon, PinIcon, SparkIcon } from '../../components/icons';
import { SectionTitle } from '../../components/SectionTitle';
import { EmptyState, IconBadge, Muted, Panel, Stack } from '../../components/Surface';
import { thumbnailOf } from '../../api/profile';
import { useSessionActions, useSignedInUser } from '../../session/SessionContext';
import { signOutEverywhere } from '../../session/signOut';
import { toast } from '../../toast/toastStore';
import { AddPhotoPrompt } from '../../components/AddPhotoPrompt';
import { InvisibleNotice } from '../location/InvisibleNotice';
import { VerificationPanel } from './VerificationPanel';
import { EditProfileDialog } from './EditProfileDialog';

export const APP_VERSION = '1.0.0';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

export const LOCATION_ON_TEXT = 'Location on: others see only a distance';

/** What the person's own profile says of their place: the city they show, else that location is on; never coordinates. */
export function placeOf(user: { publicCity?: string | null; latitude?: number | null }): string | null {
  if (user.publicCity) return user.publicCity;
  if (user.latitude !== null && user.latitude !== undefined) return LOCATION_ON_TEXT;
  return null;
}

export function ProfilePage() {
  const user = useSignedInUser();
  const { refresh } = useSessionActions();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const [searchParams, setSearchParams] = useSearchParams();
  // The deck's "Add photos" opens the edit dialog here at once.
  const [editing, setEditing] = useState(() => searchParams.get('edit') === 'photos');
  useEffect(() => {
    if (searchParams.has('edit')) setSearchParams({}, { replace: true });
  }, [searchParams, setSearchParams]);
  const [loadFailed, setLoadFailed] = useState(false);

  // The profile is read afresh on each visit: stats and photos change while the person is elsewhere.
  useEffect(() => {
    let current = true;
    refresh().then(
      () => current && setLoadFailed(false),
      () => current && setLoadFailed(true),
    );
    return () => {
      current = false;
    };
  }, [refresh]);

  const refreshQuietly = () => {
    refresh().catch(() => setLoadFailed(true));
  };

  const onSignOut = async () => {
    setSigningOut(true);
    try {
      await signOutEverywhere();
      void navigate('/', { replace: true });
    } catch {
      setSigningOut(false);
      toast({ title: 'Sign out failed', description: 'Something went wrong. Please try again.', variant: 'destructive' });
    }
  };

  if (loadFailed) {
    return (
      <EmptyState role="alert">
        <IconBadge $size={76} $tone="accent">
          <SparkIcon size={34} />
        </IconBadge>
        <h1>Unable to load profile</h1>
        <Muted>Check your connection, then try again.</Muted>
        <Button $variant="secondary" onClick={() => void navigate('/')}>
          Go Back
        </Button>
      </EmptyState>
    );
  }

  const photos = user.photos ?? [];
  const mainPhoto = photos[0] ?? user.avatarUrl;
  const score = user.nightOwlScore ?? ProfileLimits.nightOwlScoreDefault;
  const stats = user.stats ?? { likes: 0, matches: 0 };
  const interests = user.interests ?? [];
  const kinks = user.kinks ?? [];

  return (
    <Page initial={{ opacity: 0, y: 12 }} animate={{ opacity: 1, y: 0 }} transition={{ duration: 0.35 }}>
      <Hero>
        {mainPhoto ? <HeroImage src={mainPhoto} alt={`${user.name}'s main photo`} /> : <HeroInitials aria-hidden="true">{initialsOf(user.name)}</HeroInitials>}
        <HeroShade aria-hidden="true" />
        <HeroText>
          <Name>
            {user.name}
            {user.age !== undefined && <Age>, {user.age}</Age>}
            {user.isVerified && <Verified aria-label="Verified">✓</Verified>}
          </Name>
          <HeroMeta>
            <span>@{user.username}</span>
            {placeOf(user) && (
              <span>
                <PinIcon size={14} /> {placeOf(user)}
              </span>
            )}
          </HeroMeta>
        </HeroText>
      </Hero>

      {photos.length === 0 && <AddPhotoPrompt onAdd={() => setEditing(true)} />}
      <InvisibleNotice />

      {photos.length > 1 && (
        <Thumbs aria-label="More photos">
          {photos.slice(1).map((url, index) => (
            <li key={url}>
              <img src={thumbnailOf(url)} alt={`Photo ${index + 2}`} loading="lazy" />
            </li>
          ))}
        </Thumbs>
      )}

      <Stats aria-label="Stats">
        <Stat>
          <HeartIcon />
          <dt>Likes</dt>
          <dd>{stats.likes}</dd>
        </Stat>
        <Stat>
          <SparkIcon size={20} />
          <dt>Matches</dt>
          <dd>{stats.matches}</dd>
        </Stat>
        <Stat>
          <OwlIcon />
          <dt>Night Owl</dt>
          <dd>
            {score}/{ProfileLimits.nightOwlScoreMax}
          </dd>
        </Stat>
      </Stats>

      <Panel aria-labelledby="profile-about">
        <SectionTitle id="profile-about">About</SectionTitle>
        {user.bio ? <Bio>{user.bio}</Bio> : <Muted>No bio yet</Muted>}
      </Panel>

      <Panel aria-labelledby="profile-interests">
        <SectionTitle id="profile-interests">Interests</SectionTitle>
        <TagList items={interests} empty="No interests yet" labelledBy="profile-interests" />
        <SectionTitle id="profile-kinks">Kinks</SectionTitle>
        <TagList items={kinks} empty="No kinks yet" labelledBy="profile-kinks" />
      </Panel>

      <VerificationPanel />

      <Stack $gap={12}>
        <Button $block onClick={() => setEditing(true)}>
          <EditIcon />
          Edit Profile
        </Button>
        <ButtonLink to="/settings" $variant="secondary" $block>
          <GearIcon />
          Settings
        </ButtonLink>
        <Button $variant="ghost" $block onClick={() => void onSignOut()} disabled={signingOut} aria-busy={signingOut}>
          {signingOut ? 'Signing Out...' : 'Sign Out'}
        </Button>
      </Stack>

      <Footer>
        <span>Version {APP_VERSION}</span>
        <span>Dating after dark</span>
      </Footer>

      {editing && <EditProfileDialog user={user} onClose={() => setEditing(false)} onChanged={refreshQuietly} />}
    </Page>
  );
}

function TagList({ items, empty, labelledBy }: { items: readonly string[]; empty: string; labelledBy?: string }) {
  if (items.length === 0) return <Muted>{empty}</Muted>;
  return (
    <Tags aria-labelledby={labelledBy}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </Tags>
  );
}

const Page = styled(m.div)`
  display: grid;
  gap: 18px;
`;

const Hero = styled.div`
  position: relative;
  aspect-ratio: 4 / 5;
  max-height: 62dvh;
  width: 100%;
  border-radius: ${({ theme }) => theme.radius.lg};
  overflow: hidden;
  background: ${({ theme }) => theme.gradient.accent};
  box-shadow: ${({ theme }) => theme.shadow.card};
  border: 1px solid ${({ theme }) => theme.color.border};
`;

const HeroImage = styled.img`
  width: 100%;
  height: 100%;
  object-fit: cover;
  display: block;
`;

const HeroInitials = styled.div`
  display: grid;
  place-items: center;
  width: 100%;
  height: 100%;
  font-family: ${({ theme }) => theme.font.display};
  font-size: 4rem;
  font-weight: 600;
`;

const HeroShade = styled.div`
  position: absolute;
  inset: 0;
  background: linear-gradient(180deg, transparent 45%, ${({ theme }) => theme.alpha('sky', 0.9)} 100%);
`;

const HeroText = styled.div`
  position: absolute;
  left: 20px;
  right: 20px;
  bottom: 18px;
  display: grid;
  gap: 4px;
  overflow-wrap: anywhere;
`;

const Name = styled.h1`
  font-family: ${({ theme }) => theme.font.display};
  font-size: 2rem;
  line-height: 1.1;
  text-shadow: 0 2px 12px ${({ theme }) => theme.alpha('black', 0.5)};
`;

const Age = styled.span`
  font-weight: 400;
`;

const Verified = styled.span`
  display: inline-grid;
  place-items: center;
  width: 22px;
  height: 22px;
  margin-left: 8px;
  border-radius: 50%;
  background: ${({ theme }) => theme.color.verified};
  color: ${({ theme }) => theme.color.white};
  font-family: ${({ theme }) => theme.font.body};
  font-size: 0.8rem;
  vertical-align: middle;
`;

const HeroMeta = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 6px 14px;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.9375rem;

  span {
    display: inline-flex;
    align-items: center;
    gap: 4px;
  }
`;

const Thumbs = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(5, 1fr);
  gap: 8px;

  img {
    display: block;
    width: 100%;
    aspect-ratio: 1;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radius.sm};
    border: 1px solid ${({ theme }) => theme.color.border};
  }
`;

const Stats = styled.dl`
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  gap: 10px;
  margin: 0;
`;

const Stat = styled.div`
  display: grid;
  justify-items: center;
  gap: 2px;
  padding: 14px 8px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};

  svg {
    color: ${({ theme }) => theme.color.accent};
  }

  dt {
    order: 3;
    font-size: 0.75rem;
    color: ${({ theme }) => theme.color.textSubtle};
  }

  dd {
    order: 2;
    margin: 0;
    font-family: ${({ theme }) => theme.font.display};
    font-size: 1.375rem;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
`;

const Bio = styled.p`
  white-space: pre-line;
  overflow-wrap: anywhere;
`;

const Tags = styled.ul`
  list-style: none;
  margin: 0 0 4px;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 8px;

  li {
    padding: 5px 12px;
    border-radius: ${({ theme }) => theme.radius.pill};
    background: ${({ theme }) => theme.alpha('accent', 0.14)};
    border: 1px solid ${({ theme }) => theme.alpha('accent', 0.32)};
    font-size: 0.875rem;
  }
`;

const Footer = styled.footer`
  display: grid;
  justify-items: center;
  gap: 2px;
  margin-top: 8px;
  font-size: 0.75rem;
  color: ${({ theme }) => theme.color.textSubtle};
`;
