import type { ReactNode } from 'react';
import styled from 'styled-components';
import { BackButton } from '../../components/BackButton';
import { NightScreen } from '../../components/NightScreen';
import { riseIn } from '../../theme/animations';
import { glass, IconBadge } from '../../components/Surface';

interface AccountLayoutProps {
  backTo: string;
  backLabel: string;
  icon?: ReactNode;
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The account screens' shell (sign-up, sign-in, forgot and reset password): stars, a back arrow, a heading and a glass card that rises in. */
export function AccountLayout({ backTo, backLabel, icon, title, subtitle, children, footer }: AccountLayoutProps) {
  return (
    <NightScreen>
      <TopRow>
        <BackButton to={backTo} label={backLabel} />
      </TopRow>
      <Body>
        <Header>
          {icon && <IconBadge aria-hidden="true">{icon}</IconBadge>}
          <Heading>{title}</Heading>
          {subtitle && <Subtitle>{subtitle}</Subtitle>}
        </Header>
        <Card>{children}</Card>
        {footer && <Footer>{footer}</Footer>}
      </Body>
    </NightScreen>
  );
}

const TopRow = styled.div`
  display: flex;
  align-items: center;
  height: 48px;
`;

const Body = styled.div`
  ${riseIn(0, 0.5, 18, { fade: false })};
  flex: 1;
  display: flex;
  flex-direction: column;
  justify-content: center;
  gap: 24px;
  padding: 16px 0 8px;
`;

const Header = styled.header`
  display: grid;
  justify-items: center;
  gap: 8px;
  text-align: center;
`;


export const Heading = styled.h1`
  font-family: ${({ theme }) => theme.font.display};
  font-size: clamp(2rem, 8vw, 2.4rem);
  font-weight: 600;
  line-height: 1.1;
`;

export const Subtitle = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 1rem;
`;

export const Card = styled.div`
  ${glass};
  display: grid;
  gap: 18px;
  padding: 24px 20px;
`;

const Footer = styled.div`
  text-align: center;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.9375rem;
`;

export const Form = styled.form`
  display: grid;
  gap: 16px;
`;

export const InlineRow = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-top: -6px;
`;
