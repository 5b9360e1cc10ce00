import { ChatIcon } from '../../components/icons';
import { ButtonLink } from '../../components/Button';
import { EmptyState, IconBadge, Muted, PageTitle } from '../../components/Surface';

/** Matches arrive with the swipe and chat features; before that nobody can have matched yet. */
export function ChatPage() {
  return (
    <>
      <PageTitle>Your Matches</PageTitle>
      <EmptyState>
        <IconBadge $size={76} $tone="accent">
          <ChatIcon size={34} />
        </IconBadge>
        <h2>No matches yet</h2>
        <Muted>Keep swiping to find your perfect match!</Muted>
        <ButtonLink to="/swipe-deck">Start Swiping</ButtonLink>
      </EmptyState>
    </>
  );
}
