import { FlameIcon } from '../../components/icons';
import { ButtonLink } from '../../components/Button';
import { EmptyState, IconBadge, Muted } from '../../components/Surface';

/** The deck itself arrives with the swipe feature; until then the screen says so plainly. */
export function SwipeDeckPage() {
  return (
    <EmptyState>
      <IconBadge $size={76} $tone="accent">
        <FlameIcon size={34} />
      </IconBadge>
      <h1>Swipe deck</h1>
      <Muted>Profiles will appear here once the deck is ready. Meanwhile, make your own profile shine.</Muted>
      <ButtonLink to="/lobby" $variant="secondary">
        Go to the Lobby
      </ButtonLink>
    </EmptyState>
  );
}
