import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled, { css } from 'styled-components';
import { fadeIn, sheetIn } from '../theme/animations';
import { IconBadge } from './Surface';
import { dialogOpened } from './overlayQueue';

interface DialogProps {
  title: ReactNode;
  description?: ReactNode;
  /** Escape, the backdrop and the close button call it; omit it for a dialog that must be answered. */
  onClose?: () => void;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'narrow' | 'wide';
  /** A decorative badge above the title. */
  icon?: ReactNode;
  closeLabel?: string;
  /** A dialog whose own buttons already say how to leave can do without the corner close button. */
  showClose?: boolean;
  role?: 'dialog' | 'alertdialog';
}

const focusableSelector = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

const focusablesIn = (root: HTMLElement) =>
  Array.from(root.querySelectorAll<HTMLElement>(focusableSelector)).filter((el) => !el.closest('[inert]') && el.getClientRects().length > 0);

/**
 * A modal dialog: focus moves in and stays in (Tab wraps), Escape closes, the page behind is inert and
 * does not scroll, and focus returns to where it was when the dialog goes.
 */
export function Dialog({ title, description, onClose, children, footer, size = 'narrow', icon, closeLabel = 'Close', showClose = true, role = 'dialog' }: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const panel = panelRef.current!;
    const root = document.getElementById('root');
    const first = panel.querySelector<HTMLElement>('[data-autofocus]') ?? focusablesIn(panel)[0] ?? panel;
    first.focus();
    root?.setAttribute('inert', '');
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && onCloseRef.current) {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusablesIn(panel);
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const firstItem = items[0]!;
      const lastItem = items[items.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === firstItem || !panel.contains(active))) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && (active === lastItem || !panel.contains(active))) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    const closed = dialogOpened();
    return () => {
      closed();
      document.removeEventListener('keydown', onKeyDown);
      root?.removeAttribute('inert');
      document.body.style.overflow = overflow;
      previouslyFocused?.focus?.();
    };
  }, []);

  return createPortal(
    <Layer>
      <Backdrop onClick={() => onClose?.()} aria-hidden="true" />
      <Panel
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        $size={size}
      >
        <Header>
          {icon && <IconBadge aria-hidden="true">{icon}</IconBadge>}
          <Title id={titleId}>{title}</Title>
          {description && <Description id={descriptionId}>{description}</Description>}
          {onClose && showClose && (
            <CloseButton type="button" aria-label={closeLabel} onClick={onClose}>
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </CloseButton>
          )}
        </Header>
        <Body>{children}</Body>
        {footer && <Footer>{footer}</Footer>}
      </Panel>
    </Layer>,
    document.body,
  );
}

const Layer = styled.div`
  position: fixed;
  inset: 0;
  z-index: 50;
  display: flex;
  align-items: flex-end;
  justify-content: center;

  @media (min-width: 640px) {
    align-items: center;
    padding: 24px;
  }
`;

const Backdrop = styled.div`
  position: absolute;
  animation: ${fadeIn} 0.2s ease-out;
  inset: 0;
  background: ${({ theme }) => theme.color.scrim};
  backdrop-filter: blur(6px);
`;

const Panel = styled.div<{ $size: 'narrow' | 'wide' }>`
  position: relative;
  ${sheetIn};
  display: flex;
  flex-direction: column;
  width: 100%;
  max-height: 92dvh;
  border-radius: ${({ theme }) => theme.radius.lg} ${({ theme }) => theme.radius.lg} 0 0;
  background: ${({ theme }) => theme.gradient.sheet};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-bottom: 0;
  box-shadow: 0 -20px 60px ${({ theme }) => theme.alpha('void', 0.6)};
  color: ${({ theme }) => theme.color.text};
  padding-bottom: env(safe-area-inset-bottom);

  &:focus-visible {
    outline: none;
  }

  @media (min-width: 640px) {
    max-width: ${({ $size }) => ($size === 'wide' ? '760px' : '440px')};
    max-height: 88dvh;
    border-radius: ${({ theme }) => theme.radius.lg};
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
    box-shadow: ${({ theme }) => theme.shadow.card};
    padding-bottom: 0;
  }
`;

const Header = styled.header`
  position: relative;
  display: grid;
  justify-items: center;
  gap: 6px;
  padding: 26px 56px 6px;
  text-align: center;
`;


const Title = styled.h2`
  font-family: ${({ theme }) => theme.font.display};
  font-size: 1.5rem;
  line-height: 1.2;
`;

const Description = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.9375rem;
`;

const CloseButton = styled.button`
  position: absolute;
  top: 14px;
  right: 14px;
  display: grid;
  place-items: center;
  width: 40px;
  height: 40px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: 50%;
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.textMuted};
  cursor: pointer;

  &:hover {
    color: ${({ theme }) => theme.color.text};
    background: ${({ theme }) => theme.color.surfaceStrong};
  }
`;

const Body = styled.div`
  flex: 1;
  overflow-y: auto;
  overscroll-behavior: contain;
  padding: 14px 22px 18px;
`;

const Footer = styled.footer`
  display: grid;
  gap: 10px;
  padding: 14px 22px 22px;
  border-top: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.alpha('sky', 0.35)};

  ${css`
    @media (min-width: 640px) {
      border-radius: 0 0 ${({ theme }) => theme.radius.lg} ${({ theme }) => theme.radius.lg};
    }
  `}
`;
