import { useId, useRef, useState, type DragEvent, type KeyboardEvent, type PointerEvent } from 'react';
import styled, { css, keyframes } from 'styled-components';
import { ProfileLimits } from '@nocturne/contracts/limits';
import { CameraIcon, CloseIcon, PlusIcon } from './icons';
import { visuallyHidden } from './VisuallyHidden';

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
  /** The photos' ids in a new order (drag, keyboard, or a main photo chosen); the first is the main photo. */
  onReorder?: (ids: string[]) => void;
  busy?: boolean;
  label?: string;
}

/** A drag starts once the pointer has moved this far, so a tap on a tile stays a tap. */
const DRAG_START_PX = 6;

/** `ids` with the item at `from` moved to `to`. */
export function movedTo(ids: readonly string[], from: number, to: number): string[] {
  const next = [...ids];
  const [moved] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved!);
  return next;
}

/**
 * Up to 6 photos with a counter, a remove button on each and an add tile that opens the image picker.
 * With `onReorder`: tiles are dragged into a new order (mouse, pen, or touch on the grip), moved with the
 * arrow keys from their grip, and any photo can be made the main one; image files dropped on the grid are
 * added. Each move is announced.
 */
export function PhotoGrid({ photos, uploadingCount = 0, onAdd, onRemove, onReorder, busy = false, label = 'Photos' }: PhotoGridProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const grid = useRef<HTMLDivElement>(null);
  const drag = useRef<{ from: number; x: number; y: number; pointerId: number; started: boolean } | null>(null);
  const [dragging, setDragging] = useState<{ from: number; over: number } | null>(null);
  const [dropping, setDropping] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const used = photos.length + uploadingCount;
  const full = used >= ProfileLimits.photosMax;
  const ids = photos.map((photo) => photo.id);
  const canReorder = onReorder !== undefined && !busy && photos.length > 1;

  const move = (from: number, to: number) => {
    if (!onReorder || to === from || to < 0 || to >= photos.length) return;
    onReorder(movedTo(ids, from, to));
    setAnnouncement(to === 0 ? `Photo ${from + 1} is now your main photo` : `Photo moved to position ${to + 1} of ${photos.length}`);
  };

  /** The tile under the pointer, by its index; null off the photos. */
  const tileAt = (x: number, y: number): number | null => {
    const element = document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-photo-index]');
    return element && grid.current?.contains(element) ? Number(element.dataset.photoIndex) : null;
  };

  const onPointerDown = (index: number) => (event: PointerEvent<HTMLDivElement>) => {
    if (!canReorder || event.button !== 0) return;
    const onGrip = (event.target as HTMLElement).closest('[data-grip]') !== null;
    // Buttons keep their clicks; on a touch screen only the grip drags, so the page still scrolls.
    if (!onGrip && ((event.target as HTMLElement).closest('button') || event.pointerType === 'touch')) return;
    drag.current = { from: index, x: event.clientX, y: event.clientY, pointerId: event.pointerId, started: false };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    if (!current.started && Math.hypot(event.clientX - current.x, event.clientY - current.y) < DRAG_START_PX) return;
    current.started = true;
    const over = tileAt(event.clientX, event.clientY) ?? dragging?.over ?? current.from;
    setDragging({ from: current.from, over });
  };
  const endDrag = (commit: boolean) => (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = null;
    const over = dragging?.over;
    setDragging(null);
    if (commit && current.started && over !== undefined) move(current.from, over);
  };

  const onGripKeyDown = (index: number) => (event: KeyboardEvent<HTMLButtonElement>) => {
    const columns = 3;
    const step = { ArrowLeft: -1, ArrowUp: -columns, ArrowRight: 1, ArrowDown: columns, Home: -index, End: photos.length - 1 - index }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const to = Math.max(0, Math.min(photos.length - 1, index + step));
    move(index, to);
    // Focus follows the photo to its new place.
    requestAnimationFrame(() => grid.current?.querySelector<HTMLElement>(`[data-photo-index="${to}"] [data-grip]`)?.focus());
  };

  const filesOf = (event: DragEvent) => Array.from(event.dataTransfer?.files ?? []);
  const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');
  const dropHandlers = {
    onDragOver: (event: DragEvent<HTMLDivElement>) => {
      if (!carriesFiles(event) || busy) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = full ? 'none' : 'copy';
      setDropping(true);
    },
    onDragLeave: (event: DragEvent<HTMLDivElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropping(false);
    },
    onDrop: (event: DragEvent<HTMLDivElement>) => {
      setDropping(false);
      if (!carriesFiles(event)) return;
      event.preventDefault();
      const files = filesOf(event);
      if (!busy && !full && files.length > 0) onAdd(files);
    },
  };

  const shown = dragging ? movedTo(ids, dragging.from, dragging.over) : ids;
  const gripHelpId = `${inputId}-grip-help`;

  return (
    <Wrap role="group" aria-labelledby={`${inputId}-label`} {...dropHandlers} $dropping={dropping}>
      <Header>
        <span id={`${inputId}-label`}>{label}</span>
        <Counter aria-label={`${photos.length} of ${ProfileLimits.photosMax} photos`}>
          {photos.length}/{ProfileLimits.photosMax}
        </Counter>
      </Header>
      {onReorder && photos.length > 1 && <Help id={gripHelpId}>Drag a photo to reorder, or use its grip with the arrow keys. The first one is your main photo.</Help>}
      <Grid ref={grid}>
        {shown.map((id, position) => {
          const index = ids.indexOf(id);
          const photo = photos[index]!;
          return (
            <Tile
              key={photo.id}
              data-photo-index={position}
              $first={position === 0}
              $lifted={dragging?.from === index}
              $draggable={canReorder}
              onPointerDown={onPointerDown(index)}
              onPointerMove={onPointerMove}
              onPointerUp={endDrag(true)}
              onPointerCancel={endDrag(false)}
            >
              <img src={photo.thumbnailUrl} alt={`Photo ${index + 1}`} loading="lazy" draggable={false} />
              {position === 0 ? (
                <MainBadge>Main</MainBadge>
              ) : (
                onReorder && (
                  <MakeMainButton type="button" disabled={busy} onClick={() => move(index, 0)} aria-label={`Make photo ${index + 1} your main photo`}>
                    Make main
                  </MakeMainButton>
                )
              )}
              <RemoveButton type="button" aria-label={`Remove photo ${index + 1}`} disabled={busy} onClick={() => onRemove(photo.id)}>
                <CloseIcon size={14} />
              </RemoveButton>
              {onReorder && photos.length > 1 && (
                <Grip type="button" data-grip aria-label={`Move photo ${index + 1}, position ${index + 1} of ${photos.length}`} aria-describedby={gripHelpId} disabled={busy} onKeyDown={onGripKeyDown(index)}>
                  <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" fill="currentColor">
                    <circle cx="9" cy="6" r="1.6" />
                    <circle cx="15" cy="6" r="1.6" />
                    <circle cx="9" cy="12" r="1.6" />
                    <circle cx="15" cy="12" r="1.6" />
                    <circle cx="9" cy="18" r="1.6" />
                    <circle cx="15" cy="18" r="1.6" />
                  </svg>
                </Grip>
              )}
            </Tile>
          );
        })}
        {Array.from({ length: uploadingCount }, (_, index) => (
          <Tile key={`uploading-${index}`} $first={false} $lifted={false} $draggable={false} aria-label="Uploading photo" role="status">
            <Shimmer />
          </Tile>
        ))}
        {!full && (
          <AddTile htmlFor={inputId} $disabled={busy} $prominent={used === 0 || dropping}>
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
            <span>{dropping ? 'Drop to add' : used === 0 ? 'Add photos' : 'Add more'}</span>
            <DropHint>or drop them here</DropHint>
          </AddTile>
        )}
      </Grid>
      <Announcer aria-live="polite">{announcement}</Announcer>
    </Wrap>
  );
}

const Wrap = styled.div<{ $dropping: boolean }>`
  display: grid;
  gap: 10px;
  border-radius: ${({ theme }) => theme.radius.md};
  outline: 2px dashed ${({ $dropping, theme }) => ($dropping ? theme.color.accent : 'transparent')};
  outline-offset: 6px;
`;

const Help = styled.p`
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Announcer = styled.p`
  ${visuallyHidden}
`;

/** Only where a pointer can hover (desktop): a touch screen has nothing to drop. */
const DropHint = styled.span`
  display: none;
  font-size: 0.6875rem;
  font-weight: 500;
  color: ${({ theme }) => theme.color.textMuted};

  @media (hover: hover) and (pointer: fine) {
    display: block;
  }
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

const Tile = styled.div<{ $first: boolean; $lifted: boolean; $draggable: boolean }>`
  position: relative;
  cursor: ${({ $draggable }) => ($draggable ? 'grab' : 'default')};
  user-select: none;
  transition: transform 0.15s ease, box-shadow 0.15s ease;
  ${({ $lifted, theme }) =>
    $lifted &&
    css`
      transform: scale(1.04);
      box-shadow: 0 12px 30px ${theme.alpha('void', 0.55)};
      z-index: 1;
      cursor: grabbing;
    `}
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

const MakeMainButton = styled.button`
  position: absolute;
  left: 6px;
  bottom: 6px;
  padding: 4px 8px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.alpha('sky', 0.78)};
  color: ${({ theme }) => theme.color.white};
  font-size: 0.6875rem;
  font-weight: 600;
  cursor: pointer;

  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.color.accentStrong};
  }
`;

/** The round controls laid over a photo's corner (the grip, remove). */
const cornerButton = css`
  position: absolute;
  right: 6px;
  display: grid;
  place-items: center;
  width: 30px;
  height: 30px;
  border: 0;
  border-radius: 50%;
  background: ${({ theme }) => theme.alpha('sky', 0.78)};
  color: ${({ theme }) => theme.color.white};
`;

const Grip = styled.button`
  ${cornerButton}
  bottom: 6px;
  cursor: grab;
  touch-action: none;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;

const RemoveButton = styled.button`
  ${cornerButton}
  top: 6px;
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
