import { useEffect, useRef, useState, type CSSProperties, type PointerEvent, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import styled, { css, keyframes } from 'styled-components';
import { isSwipeDismiss, type Toast } from './toastStore';
import { useToast } from './useToast';

const HOTKEY = 'F8';
const REGION_LABEL = 'Notifications';
const LIVE_REGION_LABEL = 'Notification';

/**
 * The notifications region: F8 moves focus into it, each toast is announced as a live region. It lives
 * outside the app root so that a modal dialog, which makes the root inert, leaves its toasts audible.
 */
const CONTROLS = 'a[href], button, input, select, textarea, label, summary, [role="button"], [role="link"], [role="radio"], [role="checkbox"], [role="switch"], [role="tab"], [tabindex]:not([tabindex="-1"])';
const EDGE_PX = 12;
const SCAN_STEP_PX = 4;

/**
 * The highest place (from the top) where the toasts cover no control of the page: a toast over a button
 * ("Skip", a back arrow, the deck's filter) would take the taps meant for it for five seconds. Where no
 * band is free, the top.
 */
export function clearTop(region: DOMRect, height: number, controls: readonly DOMRect[], viewportHeight: number): number {
  const across = controls.filter((rect) => rect.right > region.left && rect.left < region.right && rect.width > 0 && rect.height > 0);
  for (let top = EDGE_PX; top + height <= viewportHeight - EDGE_PX; top += SCAN_STEP_PX) {
    if (!across.some((rect) => rect.bottom > top && rect.top < top + height)) return top;
  }
  return EDGE_PX;
}

/** Keeps the region where it covers no control while a toast is open, following the page as it changes. */
function useClearPlacement(regionRef: RefObject<HTMLElement | null>, active: boolean): number {
  const [top, setTop] = useState(EDGE_PX);
  useEffect(() => {
    if (!active) return;
    const place = () => {
      const region = regionRef.current;
      if (!region) return;
      const controls = Array.from(document.querySelectorAll<HTMLElement>(CONTROLS))
        .filter((element) => !region.contains(element) && !element.closest('[inert]') && element.getClientRects().length > 0)
        .map((element) => element.getBoundingClientRect());
      setTop(clearTop(region.getBoundingClientRect(), region.offsetHeight, controls, window.innerHeight));
    };
    place();
    // Screens change under an open toast (a route loads, a step slides in): look again while it is shown.
    const timer = setInterval(place, 250);
    window.addEventListener('resize', place);
    return () => {
      clearInterval(timer);
      window.removeEventListener('resize', place);
    };
  }, [active, regionRef]);
  return top;
}

export function Toaster() {
  const { toasts, dismiss } = useToast();
  const regionRef = useRef<HTMLElement>(null);
  const top = useClearPlacement(regionRef, toasts.some((t) => t.open));

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === HOTKEY) {
        event.preventDefault();
        regionRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return createPortal(
    <Region ref={regionRef} tabIndex={-1} aria-label={`${REGION_LABEL} (${HOTKEY})`} style={{ top: `max(${top}px, env(safe-area-inset-top))` }}>
      <List>
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} onDismiss={() => dismiss(t.id)} />
        ))}
      </List>
    </Region>,
    document.body,
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  const [offset, setOffset] = useState(0);
  const start = useRef<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const destructive = toast.variant === 'destructive';

  const onPointerDown = (event: PointerEvent<HTMLLIElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    start.current = event.clientX;
    setDragging(true);
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLLIElement>) => {
    if (start.current !== null) setOffset(Math.max(0, event.clientX - start.current));
  };
  const onPointerEnd = (event: PointerEvent<HTMLLIElement>) => {
    if (start.current === null) return;
    const delta = event.clientX - start.current;
    start.current = null;
    setDragging(false);
    if (isSwipeDismiss(delta)) onDismiss();
    else setOffset(0);
  };

  // A closed toast stays in the store for a while (the spec's remove delay): it plays its way out, takes
  // no pointer, and is hidden from assistive technology, so only open toasts are announced.
  const live = toast.open
    ? {
        role: destructive ? 'alert' : 'status',
        'aria-live': destructive ? ('assertive' as const) : ('polite' as const),
        'aria-atomic': true,
        'aria-label': LIVE_REGION_LABEL,
        onPointerDown,
        onPointerMove,
        onPointerUp: onPointerEnd,
        onPointerCancel: onPointerEnd,
      }
    : { 'aria-hidden': true };

  return (
    <Item
      {...live}
      $destructive={destructive}
      $state={!toast.open ? 'closed' : dragging ? 'dragging' : 'open'}
      style={{ '--toast-x': `${offset}px`, '--toast-exit': `${offset > 0 ? 320 : 0}px` } as CSSProperties}
    >
      <Text>
        <Title>{toast.title}</Title>
        {toast.description && <Description>{toast.description}</Description>}
      </Text>
      <Close type="button" aria-label="Close notification" onClick={onDismiss} tabIndex={toast.open ? undefined : -1}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </Close>
    </Item>
  );
}

const Region = styled.section`
  position: fixed;
  z-index: 100;
  top: max(12px, env(safe-area-inset-top));
  transition: top 0.2s ease;
  left: 50%;
  transform: translateX(-50%);
  width: min(440px, calc(100% - 24px));
  pointer-events: none;
  outline: none;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 4px;
    border-radius: ${({ theme }) => theme.radius.md};
  }
`;

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 8px;
`;

const enter = keyframes`
  from { opacity: 0; transform: translateY(-16px) scale(0.97); }
`;

const leave = keyframes`
  to { opacity: 0; transform: translateX(var(--toast-exit)); visibility: hidden; }
`;

/** CSS animations keep the always-present toaster free of an animation library. */
const Item = styled.li<{ $destructive: boolean; $state: 'open' | 'dragging' | 'closed' }>`
  pointer-events: auto;
  touch-action: pan-y;
  display: flex;
  align-items: flex-start;
  gap: 12px;
  padding: 14px 14px 14px 18px;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.borderStrong};
  background: ${({ theme }) => theme.alpha('dusk', 0.92)};
  backdrop-filter: blur(16px);
  box-shadow: ${({ theme }) => theme.shadow.card};
  cursor: grab;
  user-select: none;
  transform: translateX(var(--toast-x, 0));
  transition: transform ${({ $state }) => ($state === 'dragging' ? '0s' : '0.25s cubic-bezier(0.2, 0.9, 0.3, 1.2)')};
  animation: ${enter} 0.28s cubic-bezier(0.2, 0.9, 0.3, 1.1);

  ${({ $state }) =>
    $state === 'closed' &&
    css`
      pointer-events: none;
      animation: ${leave} 0.2s ease-in forwards;
    `}

  ${({ $destructive, theme }) =>
    $destructive &&
    css`
      background: ${theme.color.dangerSurface};
      border-color: ${({ theme }) => theme.alpha('danger', 0.45)};
    `}
`;

const Text = styled.div`
  flex: 1;
  display: grid;
  gap: 2px;
`;

const Title = styled.p`
  font-weight: 600;
  font-size: 0.95rem;
`;

const Description = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Close = styled.button`
  flex: none;
  display: grid;
  place-items: center;
  width: 28px;
  height: 28px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: ${({ theme }) => theme.color.textMuted};
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.color.surfaceStrong};
    color: ${({ theme }) => theme.color.text};
  }
`;
