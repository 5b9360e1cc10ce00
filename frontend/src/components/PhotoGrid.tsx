import { useId, useRef } from 'react';
import styled, { keyframes } from 'styled-components';
import { ProfileLimits } from '@nocturne/contracts/limits';
import { CameraIcon, CloseIcon, PlusIcon } from './icons';

export interface PhotoTile {
  id: string;
  thumbnailUrl: string;
}

interface PhotoGridProps {
  photos: readonly PhotoTile[];
  /** Files being uploaded now, shown as placeholders. */
  uploadingCount?: number;
  onAdd: (files: File[]) => void;
  onRemove: (id: string) => void;
  busy?: boolean;
  label?: string;
}

/** Up to 6 photos with a counter, a remove button on each and an add tile that opens the image picker. */
export function PhotoGrid({ photos, uploadingCount = 0, onAdd, onRemove, busy = false, label = 'Photos' }: PhotoGridProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const used = photos.length + uploadingCount;
  const full = used >= ProfileLimits.photosMax;

  return (
    <Wrap role="group" aria-labelledby={`${inputId}-label`}>
      <Header>
        <span id={`${inputId}-label`}>{label}</span>
        <Counter aria-label={`${photos.length} of ${ProfileLimits.photosMax} photos`}>
          {photos.length}/{ProfileLimits.photosMax}
        </Counter>
      </Header>
      <Grid>
        {photos.map((photo, index) => (
          <Tile key={photo.id} $first={index === 0}>
            <img src={photo.thumbnailUrl} alt={`Photo ${index + 1}`} loading="lazy" />
            {index === 0 && <MainBadge>Main</MainBadge>}
            <RemoveButton type="button" aria-label={`Remove photo ${index + 1}`} disabled={busy} onClick={() => onRemove(photo.id)}>
              <CloseIcon size={14} />
            </RemoveButton>
          </Tile>
        ))}
        {Array.from({ length: uploadingCount }, (_, index) => (
          <Tile key={`uploading-${index}`} $first={false} aria-label="Uploading photo" role="status">
            <Shimmer />
          </Tile>
        ))}
        {!full && (
          <AddTile htmlFor={inputId} $disabled={busy} $prominent={used === 0}>
            <input
              ref={input}
              id={inputId}
              type="file"
              accept="image/*"
              multiple
              disabled={busy}
              onChange={(event) => {
                const files = Array.from(event.target.files ?? []);
                // Cleared so that choosing the same file again still fires a change.
                event.target.value = '';
                if (files.length > 0) onAdd(files);
              }}
            />
            {used === 0 ? <CameraIcon size={26} /> : <PlusIcon size={24} />}
            <span>{used === 0 ? 'Add photos' : 'Add more'}</span>
          </AddTile>
        )}
      </Grid>
    </Wrap>
  );
}

const Wrap = styled.div`
  display: grid;
  gap: 10px;
`;

const Header = styled.div`
  display: flex;
  justify-content: space-between;
  font-size: 0.875rem;
  font-weight: 500;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Counter = styled.span`
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.color.accent};
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  gap: 10px;
`;

const Tile = styled.div<{ $first: boolean }>`
  position: relative;
  aspect-ratio: 3 / 4;
  border-radius: ${({ theme }) => theme.radius.md};
  overflow: hidden;
  background: ${({ theme }) => theme.alpha('white', 0.05)};
  border: 1px solid ${({ $first, theme }) => ($first ? theme.alpha('accent', 0.7) : theme.color.border)};

  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
    display: block;
  }
`;

const MainBadge = styled.span`
  position: absolute;
  left: 6px;
  bottom: 6px;
  padding: 2px 8px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.alpha('sky', 0.75)};
  font-size: 0.6875rem;
  font-weight: 600;
  letter-spacing: 0.04em;
`;

const RemoveButton = styled.button`
  position: absolute;
  top: 6px;
  right: 6px;
  display: grid;
  place-items: center;
  width: 30px;
  height: 30px;
  border: 0;
  border-radius: 50%;
  background: ${({ theme }) => theme.alpha('sky', 0.78)};
  color: ${({ theme }) => theme.color.white};
  cursor: pointer;

  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.color.dangerRose};
  }

  &:disabled {
    opacity: 0.5;
    cursor: default;
  }
`;

const shimmer = keyframes`
  from { background-position: -200px 0; }
  to { background-position: 200px 0; }
`;

const Shimmer = styled.div`
  width: 100%;
  height: 100%;
  background: linear-gradient(90deg, ${({ theme }) => theme.alpha('white', 0.03)} 0%, ${({ theme }) => theme.alpha('accent', 0.18)} 50%, ${({ theme }) => theme.alpha('white', 0.03)} 100%);
  background-size: 400px 100%;
  animation: ${shimmer} 1.2s linear infinite;
`;

const AddTile = styled.label<{ $disabled: boolean; $prominent: boolean }>`
  position: relative;
  display: grid;
  place-content: center;
  justify-items: center;
  gap: 6px;
  aspect-ratio: 3 / 4;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1.5px dashed ${({ $prominent, theme }) => ($prominent ? theme.alpha('accent', 0.7) : theme.alpha('white', 0.25))};
  background: ${({ $prominent, theme }) => ($prominent ? theme.alpha('accentStrong', 0.14) : theme.alpha('white', 0.03))};
  color: ${({ theme }) => theme.color.accent};
  font-size: 0.8125rem;
  font-weight: 600;
  text-align: center;
  cursor: ${({ $disabled }) => ($disabled ? 'progress' : 'pointer')};
  opacity: ${({ $disabled }) => ($disabled ? 0.6 : 1)};
  transition: background 0.15s ease;

  &:hover {
    background: ${({ theme }) => theme.alpha('accentStrong', 0.2)};
  }

  input {
    position: absolute;
    inset: 0;
    opacity: 0;
    width: 1px;
    height: 1px;
  }

  &:has(input:focus-visible) {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 3px;
  }
`;
