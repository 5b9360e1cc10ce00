import { useId, type ReactNode } from 'react';
import styled from 'styled-components';

/** The rows of the Settings panels: a title, a line of detail, and a control on the right. */
export function ToggleRow({ title, detail, children }: { title: string; detail: string; children: (labelId: string, detailId: string) => ReactNode }) {
  const id = useId();
  return (
    <RowLine>
      <div>
        <RowTitle id={`${id}-label`}>{title}</RowTitle>
        <RowDetail id={`${id}-detail`}>{detail}</RowDetail>
      </div>
      {children(`${id}-label`, `${id}-detail`)}
    </RowLine>
  );
}

export const Rows = styled.div`
  display: grid;
  margin: 0 -6px;

  & > * + * {
    border-top: 1px solid ${({ theme }) => theme.color.border};
  }
`;

export const RowLine = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 16px;
  min-height: 62px;
  padding: 8px 6px;
`;

export const RowTitle = styled.p`
  font-weight: 500;
`;

export const RowDetail = styled.p`
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.color.textSubtle};
`;
