import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMachine } from '@xstate/react';
import styled, { css } from 'styled-components';
import type { SwipeKind } from '@nocturne/contracts';
import { AddPhotoPrompt } from '../../components/AddPhotoPrompt';
import { avatarOf, fetchLikesReceived, type DeckProfile } from '../../api/swipe';
import { PRODUCT_NAME } from '../../brand';
import { Button, ButtonLink } from '../../components/Button';
import { ChevronRightIcon, CloseIcon, ClockIcon, HeartIcon, MoonIcon } from '../../components/icons';
import { EmptyState, IconBadge, Muted } from '../../components/Surface';
import { Spinner } from '../../components/Spinner';
import { visuallyHidden } from '../../components/VisuallyHidden';
import { useSignedInUser } from '../../session/SessionContext';
import { countdownTo, describeCountdown, formatCountdown } from '../../time/swipeWindow';
import { useNow } from '../../time/useNow';
import { InvisibleNotice } from '../location/InvisibleNotice';
import { membershipResource, onPlanChanged } from '../plans/membership';
import { UpgradePrompt } from '../plans/UpgradePrompt';
import { CardStack } from './CardStack';
import { DeckSafetyDialogs } from './DeckSafetyDialogs';
import { SlidersIcon, StarIcon } from './deckIcons';
import { noteMatchShown } from '../match/shownMatches';
import { MatchPopup } from '../match/MatchPopup';
import { ProfileSheet } from './ProfileSheet';
import { SwipeButtons } from './SwipeButtons';
import { MoonBoostButton } from './MoonBoostButton';
import { UndoSnackbar } from './UndoSnackbar';
import { takeArrivedDeck } from '../../prefetch/deckPrefetch';
import { deckLoadOf, swipeDeckMachine } from './swipeDeckMachine';

// The filters load the profile catalogues over GraphQL: fetched when the dialog first opens, so the deck's
// first paint carries no GraphQL client.
const FilterDialog = lazy(() => import('./FilterDialog').then((module) => ({ default: module.FilterDialog })));

const arrowKinds: Partial<Record<string, SwipeKind>> = { ArrowLeft: 'pass', ArrowRight: 'like', ArrowUp: 'superlike' };

/** Keys typed into a field, or pressed while a dialog holds the page, are not swipes. */
function isSwipeKey(event: KeyboardEvent): SwipeKind | undefined {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return undefined;
  const target = event.target as HTMLElement | null;
  if (target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"], [role="alertdialog"]')) return undefined;
  if (document.getElementById('root')?.hasAttribute('inert')) return undefined;
  return arrowKinds[event.key];
}

/**
 * The swipe deck (spec point 2): header, three stacked cards, the buttons, and the states of the deck
 * machine. Every swipe is also reachable without dragging (buttons, arrow keys, the detail sheet) and
 * announced in a live region.
 */
export function SwipeDeckPage({ machine = swipeDeckMachine }: { machine?: typeof swipeDeckMachine }) {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const [withRouter] = useState(() => machine.provide({ actions: { navigate: (_, { to }) => void navigate(to) } }));
  // The cards asked with the app, when they are in already: the deck opens on them.
  const [firstLoad] = useState(() => {
    const arrived = takeArrivedDeck();
    return arrived && deckLoadOf(arrived);
  });
  const [state, send] = useMachine(withRouter, { input: { userId: user.id, ...(firstLoad && { firstLoad }) } });
  const { value: membership } = membershipResource.use(user.id);
  const [sheetFor, setSheetFor] = useState<DeckProfile | null>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [superBannerNight, setSuperBannerNight] = useState<string | null>(null);
  const { profiles, quota, match, nudge, announcement, lastKind, window: swipeWindow, clockOffsetMs, undoable, undoing } = state.context;
  const deck = (state.value as { deck: string }).deck;
  const undoOffered = (state.value as { undo: string }).undo !== 'idle' && undoable !== null;
  const ready = deck === 'ready';
  const top = profiles[0];

  const swipe = useCallback((kind: SwipeKind) => send({ type: 'SWIPE', kind }), [send]);
  const likedYou = useLikedYouCount();

  useEffect(() => onPlanChanged(() => send({ type: 'PLAN_CHANGED' })), [send]);
  // This popup is the one for this match: the live one (for whoever liked first) stays away.
  useEffect(() => {
    if (match) noteMatchShown(match.id);
  }, [match]);

  useEffect(() => {
    if (!ready || !top) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const kind = isSwipeKey(event);
      if (!kind) return;
      event.preventDefault();
      swipe(kind);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [ready, top, swipe]);

  const closeFilters = useCallback(() => setFiltersOpen(false), []);
  const filtersApplied = useCallback(() => {
    setFiltersOpen(false);
    send({ type: 'FILTERS_CHANGED' });
  }, [send]);

  const superLikesGone = quota !== null && quota.superLikesPerNight > 0 && quota.superLikesUsed >= quota.superLikesPerNight && superBannerNight !== quota.night;
  const showsCards = deck === 'ready' || deck === 'sending' || deck === 'matched' || deck === 'outOfLikes' || deck === 'superLikesUsedUp' || deck === 'refreshingQuota';

  return (
    <Page>
      <Header>
        <ProfileLink to="/profile" aria-label="Your profile">
          {/* The avatar is the main photo's thumbnail, cropped around the face; the full photo would lose the top of a head. */}
          <img src={user.avatarUrl ?? avatarOf(user.id)} alt="" />
        </ProfileLink>
        <Title>
          <MoonIcon size={20} /> {PRODUCT_NAME}
        </Title>
        <FilterButton type="button" onClick={() => setFiltersOpen(true)} aria-label={membership && !membership.isPremium ? 'Filters (free plan: upgrades available)' : 'Filters'}>
          <SlidersIcon />
          {membership && !membership.isPremium && <YellowDot aria-hidden="true" />}
        </FilterButton>
      </Header>
      <DeckLinks>
        <LobbyLink to="/lobby" aria-label={likedYou === null ? 'Who liked you' : `Who liked you: ${likedYou}`}>
          <HeartIcon size={16} />
          Who liked you
          {likedYou !== null && <Count>{likedYou}</Count>}
          <ChevronRightIcon size={16} />
        </LobbyLink>
        <MoonBoostButton />
      </DeckLinks>

      <InvisibleNotice onPlaced={() => send({ type: 'FILTERS_CHANGED' })} />

      <LiveRegion role="status" aria-live="polite" data-testid="swipe-announcement">
        {announcement}
      </LiveRegion>

      {/* One notice at a time on a phone: being seen at all comes before being liked for a face. */}
      {user.discovery?.missing !== 'position' && (user.photos ?? []).length === 0 && <AddPhotoPrompt compact />}

      {nudge && (
        <Banner role="status">
          <span>Only 5 likes remaining</span>
          <DismissButton type="button" aria-label="Dismiss" onClick={() => send({ type: 'DISMISS_NUDGE' })}>
            <CloseIcon />
          </DismissButton>
        </Banner>
      )}
      {superLikesGone && (
        <Banner role="status" $tone="blue">
          <span>
            <StarIcon size={14} filled /> Super-Likes used up for tonight
          </span>
          <DismissButton type="button" aria-label="Dismiss" onClick={() => setSuperBannerNight(quota.night)}>
            <CloseIcon />
          </DismissButton>
        </Banner>
      )}

      {deck === 'loading' && (
        <EmptyState>
          <Spinner label="Loading profiles" />
        </EmptyState>
      )}

      {deck === 'windowClosed' && swipeWindow && <WindowClosed opensAt={swipeWindow.opensAt} clockOffsetMs={clockOffsetMs} />}

      {deck === 'empty' && (
        <EmptyState>
          <IconBadge $size={76} $tone="accent">
            <MoonIcon size={34} />
          </IconBadge>
          <h2>No More Profiles</h2>
          <Muted>Check back later for more night owls!</Muted>
          <Button onClick={() => send({ type: 'RESTART' })}>Restart</Button>
        </EmptyState>
      )}

      {deck === 'failed' && (
        <EmptyState role="alert">
          <h2>Error</h2>
          <Muted>The deck could not be loaded. Check your connection, then try again.</Muted>
          <Button $variant="secondary" onClick={() => send({ type: 'RETRY' })}>
            Try again
          </Button>
        </EmptyState>
      )}

      {showsCards && (
        <>
          {profiles.length === 0 ? (
            <EmptyState>
              <Spinner label="Loading more profiles" />
            </EmptyState>
          ) : (
            <CardStack profiles={profiles} leaving={lastKind} onSwipe={ready ? swipe : undefined} onOpen={setSheetFor} />
          )}
          <SwipeButtons name={top?.name ?? 'this person'} onSwipe={swipe} disabled={!ready || !top} />
          <KeyHint aria-hidden="true">← pass · ↑ super-like · → like</KeyHint>
        </>
      )}

      {sheetFor && (
        <ProfileSheet
          profile={sheetFor}
          disabled={!ready || top?.id !== sheetFor.id}
          onSwipe={swipe}
          onClose={() => setSheetFor(null)}
          // The dialog takes the sheet's place (one overlay at a time); cancelling it brings the sheet back.
          onReport={() => {
            setSheetFor(null);
            send({ type: 'CHOOSE_REPORT', profile: sheetFor });
          }}
          onBlock={() => {
            setSheetFor(null);
            send({ type: 'CHOOSE_BLOCK', profile: sheetFor });
          }}
        />
      )}
      <DeckSafetyDialogs state={state} send={send} onCancel={setSheetFor} />
      {undoOffered && <UndoSnackbar name={undoable.name} busy={undoing} onUndo={() => send({ type: 'UNDO' })} />}
      {deck === 'matched' && match && (
        <MatchPopup
          match={match}
          myName={user.name}
          myPhoto={user.photos?.[0] ?? user.avatarUrl ?? avatarOf(user.id)}
          onStartChatting={() => send({ type: 'START_CHATTING' })}
          onKeepSwiping={() => send({ type: 'KEEP_SWIPING' })}
        />
      )}
      {deck === 'outOfLikes' && <UpgradePrompt trigger="likes-limit" onClose={() => send({ type: 'CLOSE_PROMPT' })} />}
      {deck === 'superLikesUsedUp' && <UpgradePrompt trigger="super-likes-used" onClose={() => send({ type: 'CLOSE_PROMPT' })} />}
      {filtersOpen && (
        <Suspense fallback={null}>
          <FilterDialog onClose={closeFilters} onApplied={filtersApplied} />
        </Suspense>
      )}
    </Page>
  );
}

/** Outside 20:00 to 04:00 on the person's clock: the countdown to 8:00 PM and what to do meanwhile. */
function WindowClosed({ opensAt, clockOffsetMs }: { opensAt: string; clockOffsetMs: number }) {
  const now = useNow(1000);
  const countdown = countdownTo(new Date(opensAt), new Date(now.getTime() + clockOffsetMs));
  return (
    <EmptyState>
      <IconBadge $size={76}>
        <ClockIcon size={34} />
      </IconBadge>
      <h2>Swiping opens at 8:00 PM</h2>
      <Countdown role="timer" aria-label={`Swiping opens in ${describeCountdown(countdown)}`}>
        {formatCountdown(countdown)}
      </Countdown>
      <Muted>Until then, perfect your profile so you shine when the stars align.</Muted>
      <ClosedActions>
        <ButtonLink to="/profile" $variant="secondary">
          Perfect your profile
        </ButtonLink>
        <ButtonLink to="/lobby" $variant="secondary">
          See who liked you
        </ButtonLink>
      </ClosedActions>
    </EmptyState>
  );
}

/** How many people liked the person and wait for an answer (every plan learns the count); null until known. */
function useLikedYouCount(): number | null {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    let current = true;
    fetchLikesReceived().then(
      (likes) => current && setCount(likes.count),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return count;
}

const Page = styled.div`
  flex: 1;
  display: flex;
  flex-direction: column;
  margin: -8px 0 0;
`;

const Header = styled.div`
  display: grid;
  grid-template-columns: 44px 1fr 44px;
  align-items: center;
  margin-bottom: 14px;
`;

const roundControl = css`
  position: relative;
  display: grid;
  place-items: center;
  width: 44px;
  height: 44px;
  border-radius: 50%;
  border: 1px solid ${({ theme }) => theme.color.borderStrong};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  cursor: pointer;
`;

const ProfileLink = styled(Link)`
  ${roundControl};
  overflow: hidden;

  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

const Title = styled.h1`
  display: inline-flex;
  justify-content: center;
  align-items: center;
  gap: 8px;
  font-family: ${({ theme }) => theme.font.display};
  font-size: 1.375rem;
  color: ${({ theme }) => theme.color.text};

  svg {
    color: ${({ theme }) => theme.color.moon};
  }
`;

/** Under the deck's title: the way to the Lobby's 'Who liked you', and the Moon-Boost. */
const DeckLinks = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  align-items: center;
  gap: 4px 8px;
  margin: -4px 0 14px;
`;

const LobbyLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: 6px 10px 6px 14px;
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid ${({ theme }) => theme.alpha('accent', 0.4)};
  background: ${({ theme }) => theme.alpha('accent', 0.12)};
  color: ${({ theme }) => theme.color.text};
  font-size: 0.875rem;
  font-weight: 600;
  text-decoration: none;

  svg {
    color: ${({ theme }) => theme.color.accent};
  }
`;

const Count = styled.span`
  min-width: 22px;
  padding: 1px 7px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.accent};
  color: ${({ theme }) => theme.color.white};
  font-size: 0.75rem;
  text-align: center;
  font-variant-numeric: tabular-nums;
`;

const ClosedActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 10px;
`;

const FilterButton = styled.button`
  ${roundControl};
`;

const YellowDot = styled.span`
  position: absolute;
  top: 6px;
  right: 6px;
  width: 10px;
  height: 10px;
  border-radius: 50%;
  background: ${({ theme }) => theme.color.gold};
  box-shadow: 0 0 8px ${({ theme }) => theme.alpha('gold', 0.8)};
`;

const LiveRegion = styled.p`
  ${visuallyHidden}
`;

const Banner = styled.div<{ $tone?: 'blue' }>`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 10px;
  margin-bottom: 12px;
  padding: 8px 8px 8px 16px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ $tone, theme }) => ($tone === 'blue' ? theme.alpha('blue', 0.25) : theme.alpha('gold', 0.16))};
  border: 1px solid ${({ $tone, theme }) => ($tone === 'blue' ? theme.alpha('superLike', 0.55) : theme.alpha('gold', 0.5))};
  color: ${({ $tone, theme }) => ($tone === 'blue' ? theme.color.bluePaler : theme.color.goldPale)};
  font-size: 0.875rem;
  font-weight: 600;

  span {
    display: inline-flex;
    align-items: center;
    gap: 6px;
  }
`;

const DismissButton = styled.button`
  display: grid;
  place-items: center;
  width: 32px;
  height: 32px;
  border: 0;
  border-radius: 50%;
  background: ${({ theme }) => theme.alpha('sky', 0.35)};
  color: inherit;
  cursor: pointer;
`;

const Countdown = styled.p`
  font-family: ${({ theme }) => theme.font.mono};
  font-size: 2.5rem;
  font-weight: 600;
  font-variant-numeric: tabular-nums;
  letter-spacing: 0.04em;
  text-shadow: 0 0 24px ${({ theme }) => theme.alpha('accent', 0.5)};
`;

const KeyHint = styled.p`
  margin-top: 10px;
  text-align: center;
  font-size: 0.75rem;
  color: ${({ theme }) => theme.color.textSubtle};

  @media (pointer: coarse) {
    display: none;
  }
`;
