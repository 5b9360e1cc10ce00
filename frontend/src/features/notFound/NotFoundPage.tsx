import { useLocation } from 'react-router';
import styled from 'styled-components';
import { ButtonLink } from '../../components/Button';
import { Moon } from '../../components/Moon';
import { NightScreen } from '../../components/NightScreen';

export function NotFoundPage() {
  const { pathname, search } = useLocation();
  return (
    <NightScreen>
      <Body>
        <Moon size={96} />
        <Code aria-hidden="true">404</Code>
        <h1>Page Not Found</h1>
        <Text>This corner of the night sky is empty.</Text>
        <Hint role="note" aria-label="Developer hint">
          <code>
            GET {pathname}
            {search} → 404
          </code>
          <span>Did you forget to add the page to the router?</span>
        </Hint>
        <ButtonLink to="/" $variant="secondary">
          Back to Home
        </ButtonLink>
      </Body>
    </NightScreen>
  );
}

const Body = styled.div`
  flex: 1;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 16px;
  text-align: center;

  h1 {
    font-family: ${({ theme }) => theme.font.display};
    font-size: 2rem;
  }
`;

const Code = styled.p`
  font-family: ${({ theme }) => theme.font.display};
  font-size: 4.5rem;
  font-weight: 700;
  line-height: 1;
  color: transparent;
  background: linear-gradient(180deg, ${({ theme }) => theme.color.lavender}, ${({ theme }) => theme.color.accentStrong});
  -webkit-background-clip: text;
  background-clip: text;
`;

const Text = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
`;

const Hint = styled.div`
  display: grid;
  gap: 6px;
  width: 100%;
  margin: 8px 0 12px;
  padding: 14px 16px;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px dashed ${({ theme }) => theme.color.borderStrong};
  background: ${({ theme }) => theme.alpha('sky', 0.6)};
  text-align: left;
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.color.textMuted};

  code {
    font-family: ${({ theme }) => theme.font.mono};
    color: ${({ theme }) => theme.color.moon};
    overflow-wrap: anywhere;
  }
`;
