import styled from 'styled-components';
import { BackButton } from '../../components/BackButton';
import { Muted, PageTitle, Panel, Stack } from '../../components/Surface';

/** Membership, notifications and account actions arrive with the settings feature. */
export function SettingsPage() {
  return (
    <Stack $gap={20}>
      <Header>
        <BackButton to="/profile" label="Back to profile" />
        <PageTitle>Settings</PageTitle>
      </Header>
      <Panel>
        <Muted>Membership, notification and account settings will live here. Nothing to change just yet.</Muted>
      </Panel>
    </Stack>
  );
}

const Header = styled.div`
  display: flex;
  align-items: center;
  gap: 14px;
`;
