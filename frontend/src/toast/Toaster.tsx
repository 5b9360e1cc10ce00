import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { createPortal } from 'react-dom';
import { AnimatePresence, motion } from 'motion/react';
import styled, { css } from 'styled-components';
import { isSwipeDismiss, type Toast } from './toastStore';
import { useToast } from './useToast';

const HOTKEY = 'F8';
const REGION_LABEL = 'Notifications';
const LIVE_REGION_LABEL = 'Notification';

/**
 * The notifications region: F8 moves focus into it, each toast is announced as a live region. It lives
 * outside the app root so that a modal dialog, which makes the root inert, leaves its toasts audible.
 */
export function Toaster() {
  const { toasts, dismiss } = useToast();
  const regionRef = useRef<HTMLElement>(null);

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
    <Region ref={regionRef} tabIndex={-1} aria-label={`${REGION_LABEL} (${HOTKEY})`}>
      <List>
        <AnimatePresence initial={false}>
          {toasts
            .filter((t) => t.open)
            .map((t) => (
              <ToastItem key={t.id} toast={t} onDismiss={() => dismiss(t.id)} />
            ))}
        </AnimatePresence>
      </List>
    </Region>,
    document.body,
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  const [offset, setOffset] = useState(0);
  const start = useRef<number | null>(null);
  const destructive = toast.variant === 'destructive';

  const onPointerDown = (event: PointerEvent<HTMLLIElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    start.current = event.clientX;
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLLIElement>) => {
    if (start.current !== null) setOffset(Math.max(0, event.clientX - start.current));
  };
  const onPointerEnd = (event: PointerEvent<HTMLLIElement>) => {
    if (start.current === null) return;
    const delta = event.clientX - start.current;
    start.current = null;
    if (isSwipeDismiss(delta)) onDismiss();
    else setOffset(0);
  };

  return (
    <Item
      layout
      role={destructive ? 'alert' : 'status'}
      aria-live={destructive ? 'assertive' : 'polite'}
      aria-atomic="true"
      aria-label={LIVE_REGION_LABEL}
      $destructive={destructive}
      initial={{ opacity: 0, y: -16, scale: 0.97 }}
      animate={{ opacity: 1, y: 0, scale: 1, x: offset }}
      exit={{ opacity: 0, x: offset > 0 ? 320 : 0, transition: { duration: 0.2 } }}
      transition={{ type: 'spring', stiffness: 420, damping: 34 }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    >
      <Text>
        <Title>{toast.title}</Title>
        {toast.description && <Description>{toast.description}</Description>}
      </Text>
      <Close type="button" aria-label="Close notification" onClick={onDismiss}>
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

const Item = styled(motion.li)<{ $destructive: boolean }>`
  pointer-events: auto;
  touch-action: pan-y;
  display: flex;
  align-items: flex-start;
  gap: 12px;
  padding: 14px 14px 14px 18px;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.borderStrong};
  background: rgba(23, 18, 67, 0.92);
  backdrop-filter: blur(16px);
  box-shadow: ${({ theme }) => theme.shadow.card};
  cursor: grab;
  user-select: none;

  ${({ $destructive, theme }) =>
    $destructive &&
    css`
      background: ${theme.color.dangerSurface};
      border-color: rgba(252, 165, 165, 0.45);
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
