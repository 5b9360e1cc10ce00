import type { ReactNode } from 'react';
import { motion } from 'motion/react';
import styled from 'styled-components';
import { BackButton } from './BackButton';
import { NightScreen } from './NightScreen';

interface AuthLayoutProps {
  backTo: string;
  backLabel: string;
  icon?: ReactNode;
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The signed-out form screens: stars, a back arrow, a heading and a glass card that rises in. */
export function AuthLayout({ backTo, backLabel, icon, title, subtitle, children, footer }: AuthLayoutProps) {
  return (
    <NightScreen>
      <TopRow>
        <BackButton to={backTo} label={backLabel} />
      </TopRow>
      <Body initial={{ opacity: 0, y: 18 }} animate={{ opacity: 1, y: 0 }} transition={{ duration: 0.5, ease: 'easeOut' }}>
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

const Body = styled(motion.div)`
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

const IconBadge = styled.div`
  display: grid;
  place-items: center;
  width: 64px;
  height: 64px;
  margin-bottom: 8px;
  border-radius: 50%;
  color: ${({ theme }) => theme.color.moon};
  background: radial-gradient(circle at 35% 30%, rgba(167, 139, 250, 0.35), rgba(124, 58, 237, 0.12));
  border: 1px solid ${({ theme }) => theme.color.border};
  box-shadow: 0 0 40px rgba(167, 139, 250, 0.3);
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
  display: grid;
  gap: 18px;
  padding: 24px 20px;
  border-radius: ${({ theme }) => theme.radius.lg};
  background: linear-gradient(180deg, rgba(255, 255, 255, 0.08), rgba(255, 255, 255, 0.035));
  border: 1px solid ${({ theme }) => theme.color.border};
  box-shadow: ${({ theme }) => theme.shadow.card};
  backdrop-filter: blur(18px);
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
