import { memo, useEffect } from 'react';
import { AnimatePresence } from 'motion/react';
import styled from 'styled-components';
import type { SwipeKind } from '@nocturne/contracts';
import { photosOf, type DeckProfile } from '../../api/swipe';
import { firstPaint } from '../../firstPaint';
import { preloadPhoto } from '../../prefetch/photoPreload';
import { SwipeCard } from './SwipeCard';

/** The spec's stack: the next 3 profiles, the top one active. */
export const STACK_SIZE = 3;
/** Cards whose first photo is fetched ahead, so the next card never appears blank. */
const PRELOAD_AHEAD = 6;

/**
 * Three stacked cards; the top one takes drags, taps and the buttons. A card that leaves flies out the
 * way it was swiped (`leaving`), including when a button or a key swiped it. Drawn again only when its
 * props change: the page around it re-renders for other reasons (the plan, a banner) and the cards are
 * the costliest part of it.
 */
export const CardStack = memo(function CardStack({ profiles, leaving, onSwipe, onOpen }: { profiles: DeckProfile[]; leaving: SwipeKind | null; onSwipe?: (kind: SwipeKind) => void; onOpen: (profile: DeckProfile) => void }) {
  const ids = profiles
    .slice(0, PRELOAD_AHEAD)
    .map((p) => p.id)
    .join(',');
  useEffect(() => {
    const [top, ...after] = profiles.slice(0, PRELOAD_AHEAD);
    if (!top) return;
    const [first, ...more] = photosOf(top);
    // The top card's photo first, alone (it is what the page paints largest); then, once the page has
    // painted, the rest of its photos (it can be paged through) and the first of each card after it.
    void Promise.all([first && preloadPhoto(first), firstPaint]).then(() => {
      for (const url of [...more, ...after.map((profile) => photosOf(profile)[0])]) if (url) void preloadPhoto(url);
    });
    // The ids say everything about which cards are ahead.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ids]);

  return (
    <Stack aria-label="Profiles">
      <AnimatePresence initial={false} custom={leaving}>
        {profiles.slice(0, STACK_SIZE).map((profile, depth) => (
          <SwipeCard key={profile.id} profile={profile} depth={depth} onSwipe={depth === 0 ? onSwipe : undefined} onOpen={() => onOpen(profile)} />
        ))}
      </AnimatePresence>
    </Stack>
  );
});

const Stack = styled.section`
  position: relative;
  flex: 1;
  /* The stack takes the height the notices above it leave, so the swipe buttons stay on a phone's screen. */
  min-height: 260px;
  /* Room for the two cards peeking out below the top one. */
  margin-bottom: 38px;
`;
