import { useState } from 'react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { Button, ButtonLink } from '../../components/Button';
import { Muted, Panel, Stack } from '../../components/Surface';
import { useSignedInUser } from '../../session/SessionContext';
import { signOutEverywhere } from '../../session/signOut';
import { toast } from '../../toast/toastStore';

export const APP_VERSION = '1.0.0';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

export function ProfilePage() {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  const onSignOut = async () => {
    setSigningOut(true);
    try {
      await signOutEverywhere();
      void navigate('/', { replace: true });
    } catch {
      setSigningOut(false);
      toast({ title: 'Sign out failed', description: 'Something went wrong. Please try again.', variant: 'destructive' });
    }
  };

  return (
    <Stack $gap={20}>
      <Identity>
        <Avatar aria-hidden="true">{initialsOf(user.name)}</Avatar>
        <div>
          <Name>
            {user.name}
            {user.age !== undefined && <Age>, {user.age}</Age>}
          </Name>
          <Muted>@{user.username}</Muted>
        </div>
      </Identity>

      <Panel aria-labelledby="profile-about">
        <SectionTitle id="profile-about">About</SectionTitle>
        {user.bio ? <Bio>{user.bio}</Bio> : <Muted>No bio yet</Muted>}
      </Panel>

      <Stack $gap={12}>
        <ButtonLink to="/settings" $variant="secondary" $block>
          Settings
        </ButtonLink>
        <Button $variant="ghost" $block onClick={() => void onSignOut()} disabled={signingOut} aria-busy={signingOut}>
          {signingOut ? 'Signing Out...' : 'Sign Out'}
        </Button>
      </Stack>

      <Footer>
        <span>Version {APP_VERSION}</span>
        <span>Dating after dark</span>
      </Footer>
    </Stack>
  );
}

const Identity = styled.div`
  display: flex;
  align-items: center;
  gap: 16px;
  overflow-wrap: anywhere;
`;

const Avatar = styled.div`
  flex: none;
  display: grid;
  place-items: center;
  width: 84px;
  height: 84px;
  border-radius: 50%;
  font-family: ${({ theme }) => theme.font.display};
  font-size: 1.75rem;
  font-weight: 600;
  color: ${({ theme }) => theme.color.text};
  background: ${({ theme }) => theme.gradient.accent};
  box-shadow:
    0 0 0 3px rgba(11, 10, 36, 1),
    0 0 0 5px rgba(167, 139, 250, 0.6),
    0 0 36px rgba(167, 139, 250, 0.4);
`;

const Name = styled.h1`
  font-family: ${({ theme }) => theme.font.display};
  font-size: 1.75rem;
  line-height: 1.2;
`;

const Age = styled.span`
  font-weight: 400;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Bio = styled.p`
  white-space: pre-line;
  overflow-wrap: anywhere;
`;

const SectionTitle = styled.h2`
  font-size: 1rem;
`;

const Footer = styled.footer`
  display: grid;
  justify-items: center;
  gap: 2px;
  margin-top: 8px;
  font-size: 0.75rem;
  color: ${({ theme }) => theme.color.textSubtle};
`;
