import { Link } from 'react-router';
import styled, { css } from 'styled-components';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

const base = css<{ $variant?: Variant }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: 52px;
  padding: 0 24px;
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid transparent;
  font-weight: 600;
  font-size: 1rem;
  letter-spacing: 0.01em;
  text-decoration: none;
  cursor: pointer;
  transition:
    transform 0.15s ease,
    box-shadow 0.2s ease,
    background 0.2s ease,
    border-color 0.2s ease;

  &:active:not(:disabled) {
    transform: scale(0.98);
  }

  &:disabled {
    cursor: progress;
    opacity: 0.7;
  }

  ${({ $variant = 'primary', theme }) => {
    switch ($variant) {
      case 'primary':
        return css`
          color: ${theme.color.white};
          background: ${theme.gradient.accent};
          box-shadow: ${theme.shadow.glow};
          &:hover:not(:disabled) {
            background: ${theme.gradient.accentHover};
            box-shadow: 0 12px 36px ${theme.alpha('accentMagenta', 0.5)};
          }
        `;
      case 'secondary':
        return css`
          color: ${theme.color.text};
          background: ${theme.color.surface};
          border-color: ${theme.color.borderStrong};
          backdrop-filter: blur(12px);
          &:hover:not(:disabled) {
            background: ${theme.color.surfaceStrong};
          }
        `;
      case 'danger':
        return css`
          color: ${theme.color.white};
          background: ${theme.gradient.danger};
          box-shadow: 0 10px 30px ${theme.alpha('dangerRose', 0.35)};
          &:hover:not(:disabled) {
            background: ${theme.gradient.dangerHover};
          }
          &:disabled {
            cursor: not-allowed;
            opacity: 0.45;
            box-shadow: none;
          }
        `;
      case 'ghost':
        return css`
          min-height: 44px;
          color: ${theme.color.textMuted};
          background: transparent;
          &:hover:not(:disabled) {
            color: ${theme.color.text};
            background: ${theme.color.surface};
          }
        `;
    }
  }}
`;

export const Button = styled.button.attrs<{ type?: 'button' | 'submit' }>(({ type }) => ({ type: type ?? 'button' }))<{
  $variant?: Variant;
  $block?: boolean;
  /** `small`: a button inside a row or a form of a panel (Settings), not a screen's main action. */
  $size?: 'small';
}>`
  ${base}
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  ${({ $size }) =>
    $size === 'small' &&
    css`
      flex: none;
      min-height: 40px;
      padding: 0 18px;
      font-size: 0.9375rem;
    `}
`;

export const ButtonLink = styled(Link)<{ $variant?: Variant; $block?: boolean }>`
  ${base}
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
`;

/** An inline text link in the accent colour. */
export const TextLink = styled(Link)`
  color: ${({ theme }) => theme.color.accent};
  font-weight: 500;
  text-decoration: none;
  border-radius: 4px;

  &:hover {
    text-decoration: underline;
    text-underline-offset: 3px;
  }
`;
