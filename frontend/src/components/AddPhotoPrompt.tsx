import styled from 'styled-components';
import { Button, ButtonLink } from './Button';
import { CameraIcon } from './icons';

export const ADD_PHOTO_TITLE = 'Add a photo';
export const ADD_PHOTO_SHORT = 'People like a face: add a photo so they can see you.';
export const ADD_PHOTO_TEXT = `Your card shows only your initials. ${ADD_PHOTO_SHORT}`;

/**
 * The prompt for a person without a photo (onboarding's Skip lets them go live without one): on their
 * profile it opens the edit dialog, on the deck it leads to the profile, which opens it at once.
 */
export function AddPhotoPrompt({ onAdd, compact = false }: { onAdd?: () => void; compact?: boolean }) {
  return (
    <Prompt aria-labelledby="add-photo-title" $compact={compact}>
      <Icon aria-hidden="true" $compact={compact}>
        <CameraIcon size={compact ? 18 : 24} />
      </Icon>
      <Text>
        <h2 id="add-photo-title">{ADD_PHOTO_TITLE}</h2>
        <p>{compact ? ADD_PHOTO_SHORT : ADD_PHOTO_TEXT}</p>
      </Text>
      {onAdd ? (
        <Button $variant="primary" onClick={onAdd}>
          Add photos
        </Button>
      ) : (
        <ButtonLink to="/profile?edit=photos" {...(compact && { $size: 'small' as const })}>
          Add photos
        </ButtonLink>
      )}
    </Prompt>
  );
}

const Prompt = styled.section<{ $compact: boolean }>`
  display: grid;
  grid-template-columns: auto 1fr;
  align-items: center;
  gap: ${({ $compact }) => ($compact ? '8px 12px' : '12px 14px')};
  padding: ${({ $compact }) => ($compact ? '12px 14px' : '16px 18px')};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.alpha('accent', 0.55)};
  background: ${({ theme }) => theme.alpha('accentStrong', 0.16)};

  > a,
  > button {
    grid-column: 1 / -1;
  }

  /* On the deck: one row, so the cards keep the screen. */
  ${({ $compact }) =>
    $compact &&
    `
    grid-template-columns: auto 1fr auto;
    > a,
    > button {
      grid-column: auto;
    }
  `}

  @media (min-width: 640px) {
    grid-template-columns: auto 1fr auto;

    > a,
    > button {
      grid-column: auto;
    }
  }
`;

const Icon = styled.span<{ $compact: boolean }>`
  display: grid;
  place-items: center;
  width: ${({ $compact }) => ($compact ? '32px' : '40px')};
  height: ${({ $compact }) => ($compact ? '32px' : '40px')};
  border-radius: 50%;
  background: ${({ theme }) => theme.gradient.accent};
  color: ${({ theme }) => theme.color.white};
`;

const Text = styled.div`
  display: grid;
  gap: 2px;

  h2 {
    font-size: 1rem;
    font-weight: 600;
  }

  p {
    font-size: 0.875rem;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;
