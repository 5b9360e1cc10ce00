import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import styled from 'styled-components';
import { BackButton } from '../../components/BackButton';
import { NightScreen } from '../../components/NightScreen';
import { Eyebrow } from '../../components/Surface';

export const LEGAL_UPDATED = 'Last updated: 1 November 2026';

/** A readable page of plain text; back leads where the reader came from (Settings), else home. */
export function LegalLayout({ title, children }: { title: string; children: ReactNode }) {
  const from = (useLocation().state as { from?: string } | null)?.from;
  return (
    <NightScreen>
      <TopRow>
        <BackButton to={from ?? '/'} label={from === '/settings' ? 'Back to settings' : 'Back to home'} />
      </TopRow>
      <Article>
        <Eyebrow>Nocturne</Eyebrow>
        <h1>{title}</h1>
        <Updated>{LEGAL_UPDATED}</Updated>
        {children}
      </Article>
    </NightScreen>
  );
}

const TopRow = styled.div`
  display: flex;
  align-items: center;
  height: 48px;
`;

const Article = styled.article`
  display: grid;
  gap: 14px;
  padding: 18px 0 32px;
  line-height: 1.65;

  h1 {
    font-family: ${({ theme }) => theme.font.display};
    font-size: 2rem;
    line-height: 1.15;
  }

  h2 {
    margin-top: 12px;
    font-size: 1.0625rem;
    color: ${({ theme }) => theme.color.moon};
  }

  p,
  li {
    color: ${({ theme }) => theme.color.textMuted};
  }

  ul {
    margin: 0;
    padding-left: 20px;
    display: grid;
    gap: 6px;
  }
`;

const Updated = styled.p`
  margin-top: -8px;
  font-size: 0.8125rem;
`;
