import { useRef, useState } from 'react';
import { m, useIsPresent, useMotionValue, useTransform, type PanInfo } from 'motion/react';
import styled, { css } from 'styled-components';
import type { SwipeKind } from '@nocturne/contracts';
import { photosOf, type DeckProfile } from '../../api/swipe';
import { OwlIcon, PinIcon } from '../../components/icons';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { usePainted } from '../../firstPaint';
import { StarIcon, VerifiedIcon } from './deckIcons';
import { tagsForCard, whereabouts } from './deckProfile';
import { swipeOfDrag } from './swipeGesture';

/** Where a card flies when it leaves, by the swipe that took it. */
const exitTo = (kind: SwipeKind | null) => {
  switch (kind) {
    case 'like':
      return { x: 520, rotate: 22, opacity: 0 };
    case 'pass':
      return { x: -520, rotate: -22, opacity: 0 };
    case 'superlike':
      return { y: -760, opacity: 0 };
    default:
      return { opacity: 0, scale: 0.9 };
  }
};

export const cardVariants = {
  enter: { opacity: 0, scale: 0.92 },
  exit: (kind: SwipeKind | null) => ({ ...exitTo(kind), transition: { duration: 0.32, ease: 'easeOut' as const } }),
};

interface SwipeCardProps {
  profile: DeckProfile;
  /** 0 is the top card; 1 and 2 wait underneath. */
  depth: number;
  /** Only the top card takes drags and taps. */
  onSwipe?: (kind: SwipeKind) => void;
  onOpen?: () => void;
}

/**
 * One card. The top one follows the finger with transforms only (x, y, rotate: no layout per frame) and
 * decides on release by the spec's thresholds; its thirds are buttons (previous photo, details, next
 * photo), so tapping and the keyboard reach the same things as dragging.
 */
export function SwipeCard({ profile, depth, onSwipe, onOpen }: SwipeCardProps) {
  // A card flying out is already swiped: out of the way of pointers, keys and screen readers.
  const present = useIsPresent();
  const top = depth === 0 && present;
  const x = useMotionValue(0);
  const y = useMotionValue(0);
  const rotate = useTransform(x, [-240, 0, 240], [-14, 0, 14]);
  const likeOpacity = useTransform(x, [20, 110], [0, 1]);
  const passOpacity = useTransform(x, [-110, -20], [1, 0]);
  const superOpacity = useTransform(y, [-110, -30], [1, 0]);
  const dragged = useRef(false);
  const painted = usePainted();
  const [photoIndex, setPhotoIndex] = useState(0);
  const photos = photosOf(profile);
  const photo = photos[Math.min(photoIndex, photos.length - 1)]!;
  const kinks = tagsForCard(profile.kinks, profile.sharedKinks);
  const interests = tagsForCard(profile.interests);
  const place = whereabouts(profile);

  const onDragEnd = (_: PointerEvent | MouseEvent | TouchEvent, info: PanInfo) => {
    const kind = swipeOfDrag(info.offset, info.velocity);
    if (kind) onSwipe?.(kind);
  };
  // A tap that ends a drag is not a tap.
  const tapped = (action: () => void) => () => {
    if (!dragged.current) action();
  };
  const page = (step: number) => setPhotoIndex((index) => (index + step + photos.length) % photos.length);

  return (
    <Card
      style={{ x, y, rotate, zIndex: 3 - depth }}
      initial="enter"
      animate={{ opacity: 1, scale: 1 - depth * 0.05, y: depth * 14 }}
      exit="exit"
      variants={cardVariants}
      transition={{ type: 'spring', stiffness: 320, damping: 30 }}
      drag={top && onSwipe ? true : false}
      dragSnapToOrigin
      dragElastic={0.9}
      dragMomentum={false}
      onPointerDown={() => {
        dragged.current = false;
      }}
      onDragStart={() => {
        dragged.current = true;
      }}
      onDragEnd={onDragEnd}
      whileDrag={{ cursor: 'grabbing' }}
      $top={top}
      inert={!top}
      aria-hidden={top ? undefined : true}
      data-testid={top ? 'top-card' : undefined}
      aria-label={top ? `${profile.name}, ${profile.age}` : undefined}
      role={top ? 'group' : undefined}
    >
      {/* The cards underneath show only their edges at first: their photos wait for the first paint, which the top one makes. */}
      {(top || painted) && <Photo src={photo} alt={`${profile.name}, photo ${photoIndex + 1} of ${photos.length}`} draggable={false} decoding="async" fetchPriority={top ? 'high' : 'low'} />}
      <Shade aria-hidden="true" />

      {photos.length > 1 && (
        <Dots aria-hidden="true">
          {photos.map((url, index) => (
            <Dot key={url} $on={index === photoIndex} />
          ))}
        </Dots>
      )}

      {top && (
        <>
          <Stamp style={{ opacity: likeOpacity }} $tone="like" $side="left" aria-hidden="true">
            LIKE
          </Stamp>
          <Stamp style={{ opacity: passOpacity }} $tone="pass" $side="right" aria-hidden="true">
            NOPE
          </Stamp>
          <Stamp style={{ opacity: superOpacity }} $tone="super" $side="center" aria-hidden="true">
            SUPER
          </Stamp>
        </>
      )}

      {profile.superLikedYou && (
        <SuperMark>
          <StarIcon size={14} filled /> Super-liked you
        </SuperMark>
      )}

      <TapZones>
        {photos.length > 1 && !profile.photosHidden ? (
          <>
            <TapZone type="button" aria-label="Previous photo" onClick={tapped(() => page(-1))} tabIndex={top ? 0 : -1} />
            <TapZone type="button" aria-label={`Open ${profile.name}'s profile`} onClick={tapped(() => onOpen?.())} tabIndex={top ? 0 : -1} />
            <TapZone type="button" aria-label="Next photo" onClick={tapped(() => page(1))} tabIndex={top ? 0 : -1} />
          </>
        ) : (
          <TapZone type="button" $wide aria-label={`Open ${profile.name}'s profile`} onClick={tapped(() => onOpen?.())} tabIndex={top ? 0 : -1} />
        )}
      </TapZones>

      {/* Voice-only mode (Max): the server sent no photos; the voice intro stands in for them. */}
      {profile.photosHidden && (
        <VoicePlate onPointerDown={(event) => event.stopPropagation()}>
          <span>Voice-only</span>
          {profile.voiceIntro ? <audio controls preload="none" src={profile.voiceIntro.url} aria-label={`${profile.name}'s voice intro, ${profile.voiceIntro.durationSeconds} seconds`} tabIndex={top ? 0 : -1} /> : <span>No voice intro yet</span>}
        </VoicePlate>
      )}

      <Info>
        <NameRow>
          {/* The deck's people are no matches: the server tells only whether they were active tonight, not whether they are online now. */}
          {profile.isOnline && <OnlineDot role="img" aria-label="Active tonight" title="Active tonight" />}
          <Name>
            {profile.name}, <Age>{profile.age}</Age>
          </Name>
          {profile.isVerified && (
            <span role="img" aria-label="Verified">
              <VerifiedIcon size={20} />
            </span>
          )}
        </NameRow>
        <MetaRow>
          {place && (
            <span>
              <PinIcon size={14} /> {place}
            </span>
          )}
          <Score>
            <OwlIcon size={14} /> Night-Owl Score <strong>{profile.nightOwlScore}</strong>
          </Score>
        </MetaRow>
        {profile.bio && <Bio>{profile.bio}</Bio>}
        <Tags aria-label="Kinks and interests">
          {kinks.shown.map((kink) => {
            const shared = profile.sharedKinks.includes(kink);
            return (
              <Tag key={`k-${kink}`} $tone={shared ? 'shared' : 'kink'}>
                {shared && <span aria-hidden="true">✦ </span>}
                {kink}
                {shared && <VisuallyHidden> (you share this)</VisuallyHidden>}
              </Tag>
            );
          })}
          {kinks.more > 0 && <Tag $tone="kink">+{kinks.more}</Tag>}
          {interests.shown.map((interest) => (
            <Tag key={`i-${interest}`} $tone="interest">
              {interest}
            </Tag>
          ))}
          {interests.more > 0 && <Tag $tone="interest">+{interests.more}</Tag>}
        </Tags>
      </Info>
    </Card>
  );
}

const Card = styled(m.div)<{ $top: boolean }>`
  position: absolute;
  inset: 0;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.dusk};
  border: 1px solid ${({ theme }) => theme.color.border};
  box-shadow: ${({ theme }) => theme.shadow.card};
  touch-action: none;
  user-select: none;
  -webkit-user-select: none;
  transform-origin: 50% 100%;
  ${({ $top }) =>
    $top
      ? css`
          cursor: grab;
          will-change: transform;
        `
      : css`
          pointer-events: none;
        `}
`;

const Photo = styled.img`
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  object-fit: cover;
  pointer-events: none;
`;

const Shade = styled.div`
  position: absolute;
  inset: 0;
  background: linear-gradient(180deg, ${({ theme }) => theme.alpha('sky', 0.35)} 0%, transparent 22%, transparent 45%, ${({ theme }) => theme.alpha('sky', 0.92)} 100%);
  pointer-events: none;
`;

const Dots = styled.div`
  position: absolute;
  top: 10px;
  left: 12px;
  right: 12px;
  display: flex;
  gap: 4px;
  pointer-events: none;
`;

const Dot = styled.span<{ $on: boolean }>`
  flex: 1;
  height: 3px;
  border-radius: 2px;
  background: ${({ $on, theme }) => ($on ? theme.color.white : theme.alpha('white', 0.35))};
`;

const Stamp = styled(m.span)<{ $tone: 'like' | 'pass' | 'super'; $side: 'left' | 'right' | 'center' }>`
  position: absolute;
  top: 44px;
  padding: 4px 12px;
  border: 3px solid currentColor;
  border-radius: 10px;
  font-size: 1.75rem;
  font-weight: 800;
  letter-spacing: 0.08em;
  pointer-events: none;
  color: ${({ $tone, theme }) => ($tone === 'like' ? theme.color.success : $tone === 'pass' ? theme.color.pass : theme.color.superLike)};
  ${({ $side }) =>
    $side === 'left'
      ? css`
          left: 20px;
          transform: rotate(-14deg);
        `
      : $side === 'right'
        ? css`
            right: 20px;
            transform: rotate(14deg);
          `
        : css`
            left: 50%;
            top: auto;
            bottom: 46%;
            transform: translateX(-50%);
          `}
`;

const SuperMark = styled.p`
  position: absolute;
  top: 22px;
  left: 12px;
  display: inline-flex;
  align-items: center;
  gap: 5px;
  padding: 5px 10px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.gradient.superLike};
  color: ${({ theme }) => theme.color.white};
  font-size: 0.75rem;
  font-weight: 700;
  box-shadow: 0 6px 18px ${({ theme }) => theme.alpha('blue', 0.45)};
  pointer-events: none;
`;

const VoicePlate = styled.div`
  position: absolute;
  top: 34%;
  left: 16px;
  right: 16px;
  display: grid;
  gap: 8px;
  justify-items: center;
  padding: 14px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.alpha('sky', 0.8)};
  color: ${({ theme }) => theme.color.text};
  audio {
    width: 100%;
  }
`;

const TapZones = styled.div`
  position: absolute;
  inset: 0;
  display: flex;
`;

const TapZone = styled.button<{ $wide?: boolean }>`
  flex: 1;
  border: 0;
  padding: 0;
  background: transparent;
  cursor: inherit;
  -webkit-tap-highlight-color: transparent;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: -6px;
    border-radius: ${({ theme }) => theme.radius.lg};
  }
`;

const Info = styled.div`
  position: absolute;
  left: 0;
  right: 0;
  bottom: 0;
  display: grid;
  gap: 6px;
  padding: 18px 18px 20px;
  pointer-events: none;
`;

const NameRow = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
`;

const OnlineDot = styled.span`
  flex: none;
  width: 11px;
  height: 11px;
  border-radius: 50%;
  background: ${({ theme }) => theme.color.success};
  box-shadow:
    0 0 0 2px ${({ theme }) => theme.alpha('sky', 0.7)},
    0 0 10px ${({ theme }) => theme.color.success};
`;

const Name = styled.h2`
  font-family: ${({ theme }) => theme.font.display};
  font-size: 1.75rem;
  line-height: 1.1;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Age = styled.span`
  font-weight: 400;
`;

const MetaRow = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 14px;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.textMuted};

  span {
    display: inline-flex;
    align-items: center;
    gap: 4px;
  }
`;

const Score = styled.span`
  color: ${({ theme }) => theme.color.moon};

  strong {
    font-weight: 700;
  }
`;

const Bio = styled.p`
  display: -webkit-box;
  -webkit-line-clamp: 2;
  -webkit-box-orient: vertical;
  overflow: hidden;
  font-size: 0.9375rem;
  color: ${({ theme }) => theme.color.text};
`;

const Tags = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  margin: 2px 0 0;
  padding: 0;
  list-style: none;
`;

const Tag = styled.li<{ $tone: 'kink' | 'shared' | 'interest' }>`
  padding: 4px 10px;
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: 0.75rem;
  font-weight: 600;
  ${({ $tone }) =>
    $tone === 'interest'
      ? css`
          background: ${({ theme }) => theme.alpha('white', 0.12)};
          color: ${({ theme }) => theme.color.star};
        `
      : $tone === 'shared'
        ? css`
            background: linear-gradient(135deg, ${({ theme }) => theme.alpha('accentPink', 0.55)}, ${({ theme }) => theme.alpha('accentStrong', 0.55)});
            color: ${({ theme }) => theme.color.white};
            box-shadow: 0 0 0 1px ${({ theme }) => theme.alpha('moon', 0.6)};
          `
        : css`
            background: ${({ theme }) => theme.alpha('accentPink', 0.22)};
            color: ${({ theme }) => theme.color.accentPinkPale};
          `}
`;

