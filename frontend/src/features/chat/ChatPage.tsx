import { ChatIcon } from '../../components/icons';
import { ButtonLink } from '../../components/Button';
import { EmptyState, IconHalo, Muted, PageTitle } from '../../components/Surface';

/** Matches arrive with the swipe and chat features; before that nobody can have matched yet. */
export function ChatPage() {
  return (
    <>
      <PageTitle>Your Matches</PageTitle>
      <EmptyState>
        <IconHalo>
          <ChatIcon size={34} />
        </IconHalo>
        <h2>No matches yet</h2>
        <Muted>Keep swiping to find your perfect match!</Muted>
        <ButtonLink to="/swipe-deck">Start Swiping</ButtonLink>
      </EmptyState>
    </>
  );
}
