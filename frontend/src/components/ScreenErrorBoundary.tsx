import { Component, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from './Button';
import { NightScreen } from './NightScreen';

/**
 * Screens are downloaded when first opened. When that fails (no network, or a page left open across a
 * release whose old files are gone), this says so and offers a reload instead of a blank page.
 */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('A screen failed to load', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <NightScreen>
        <Centered role="alert">
          <h1>This screen didn't load</h1>
          <p>Check your connection, then reload Nocturne.</p>
          <Button $variant="secondary" onClick={() => window.location.reload()}>
            Reload
          </Button>
        </Centered>
      </NightScreen>
    );
  }
}

const Centered = styled.div`
  flex: 1;
  display: grid;
  place-content: center;
  justify-items: center;
  gap: 14px;
  text-align: center;

  h1 {
    font-family: ${({ theme }) => theme.font.display};
    font-size: 1.6rem;
  }

  p {
    color: ${({ theme }) => theme.color.textMuted};
  }
`;
