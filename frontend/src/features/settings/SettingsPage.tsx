import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useActorRef } from '@xstate/react';
import styled from 'styled-components';
import { planNames } from '@nocturne/contracts/plans';
import { saveNotificationPreferences } from '../../api/profileGraphql';
import type { Membership } from '../../api/swipe';
import { BackButton } from '../../components/BackButton';
import { Button } from '../../components/Button';
import { BellIcon, ChevronRightIcon, CrownIcon, DocumentIcon, PinIcon, ShieldIcon, TrashIcon } from '../../components/icons';
import { SectionTitle } from '../../components/SectionTitle';
import { Muted, PageTitle, Panel, Stack } from '../../components/Surface';
import { Switch } from '../../components/Switch';
import { useSessionActions, useSignedInUser } from '../../session/SessionContext';
import { toast } from '../../toast/toastStore';
import { LocationDialog } from '../location/LocationDialog';
import { locationDialogMachine } from '../location/locationDialogMachine';
import { membershipResource } from '../plans/membership';
import { PlansDialog } from '../plans/PlansDialog';
import { FROM_PRICE } from '../plans/plans';
import { BrowserNotificationsRow } from './BrowserNotificationsRow';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { KinkPrivacyPanel } from './KinkPrivacyPanel';
import { PublicCityForm } from './PublicCityForm';
import { RowDetail, RowLine, Rows, RowTitle, ToggleRow } from './SettingsRows';
import { SupportPanel } from './SupportPanel';
import { useNotificationToggles, type NotificationKey } from './useNotificationToggles';

const notificationRows: ReadonlyArray<{ key: NotificationKey; title: string; detail: string }> = [
  { key: 'matches', title: 'New matches', detail: 'When someone likes you back' },
  { key: 'messages', title: 'Messages', detail: 'New messages from your matches' },
  { key: 'likes', title: 'Likes', detail: 'When someone likes your profile' },
  { key: 'marketing', title: 'Marketing', detail: 'News and offers from Nocturne' },
];

type OpenDialog = 'plans' | 'location' | 'delete' | null;

/** Erases what this browser kept about the person once their account is gone. */
function forgetEverythingLocally() {
  window.localStorage.clear();
  window.sessionStorage.clear();
}

export function SettingsPage() {
  const user = useSignedInUser();
  const { refresh } = useSessionActions();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const { preferences, saving, toggle } = useNotificationToggles(user.notificationPreferences, saveNotificationPreferences, () => {
    refresh().catch(() => {});
  });
  const locationOn = user.latitude !== null && user.latitude !== undefined;
  const { value: membership } = membershipResource.use(user.id);

  return (
    <Stack $gap={20}>
      <Header>
        <BackButton to="/profile" label="Back to profile" />
        <PageTitle>Settings</PageTitle>
      </Header>

      <Membership aria-labelledby="membership-title">
        <MembershipTop>
          <CrownBadge aria-hidden="true">
            <CrownIcon />
          </CrownBadge>
          <div>
            <Label id="membership-title">Current Plan</Label>
            <PlanName aria-live="polite">{membership ? (membership.isPremium ? 'Premium' : 'Free') : '…'}</PlanName>
            {membership?.isPremium && <PlanDetail>{describeMembership(membership)}</PlanDetail>}
          </div>
          <FromPrice>{FROM_PRICE}</FromPrice>
        </MembershipTop>
        <Muted>Unlimited likes, Super-Likes and Moon-Boosts for the nights that matter.</Muted>
        <TwoButtons>
          <Button onClick={() => setDialog('plans')}>View Plans</Button>
          <Button $variant="secondary" onClick={() => setDialog('plans')}>
            Manage Subscription
          </Button>
        </TwoButtons>
      </Membership>

      <Panel aria-labelledby="notifications-title">
        <SectionTitle id="notifications-title">
          <BellIcon size={18} /> Notifications
        </SectionTitle>
        <Rows>
          {notificationRows.map((row) => (
            <ToggleRow key={row.key} title={row.title} detail={row.detail}>
              {(labelId, detailId) => (
                <Switch
                  checked={preferences[row.key]}
                  labelledBy={labelId}
                  describedBy={detailId}
                  disabled={saving !== null}
                  onChange={(checked) => void toggle(row.key, checked)}
                />
              )}
            </ToggleRow>
          ))}
          <BrowserNotificationsRow />
        </Rows>
      </Panel>

      <KinkPrivacyPanel kinks={user.kinks ?? []} />

      <Panel aria-labelledby="location-title">
        <SectionTitle id="location-title">
          <PinIcon size={18} /> Location
        </SectionTitle>
        <RowLine>
          <div>
            <RowTitle>{locationOn ? 'Location is on' : 'Location is off'}</RowTitle>
            <RowDetail>{locationOn ? 'Others see only a rounded distance, never where you are.' : 'Turn it on to see how far away people are.'}</RowDetail>
          </div>
          <Button $variant="secondary" $size="small" onClick={() => setDialog('location')}>
            {locationOn ? 'Update' : 'Enable'}
          </Button>
        </RowLine>
        <PublicCityForm />
      </Panel>

      <SupportPanel />

      <Panel aria-labelledby="account-title">
        <SectionTitle id="account-title">
          <ShieldIcon size={18} /> Account
        </SectionTitle>
        <Rows>
          <LinkRow to="/privacy" state={{ from: '/settings' }}>
            <DocumentIcon size={18} />
            <span>Privacy Policy</span>
            <ChevronRightIcon />
          </LinkRow>
          <LinkRow to="/terms" state={{ from: '/settings' }}>
            <DocumentIcon size={18} />
            <span>Terms of Service</span>
            <ChevronRightIcon />
          </LinkRow>
          <DangerRow type="button" onClick={() => setDialog('delete')}>
            <TrashIcon size={18} />
            <span>Delete Account</span>
          </DangerRow>
        </Rows>
      </Panel>

      {dialog === 'plans' && <PlansDialog onClose={() => setDialog(null)} />}
      {dialog === 'location' && (
        <SettingsLocationDialog
          onDone={(enabled) => {
            setDialog(null);
            if (enabled) refresh().catch(() => {});
          }}
        />
      )}
      {dialog === 'delete' && (
        <DeleteAccountDialog
          onClose={() => setDialog(null)}
          onDeleted={() => {
            forgetEverythingLocally();
            toast({ title: 'Account deleted', description: 'Your account and everything in it have been erased.' });
            void navigate('/', { replace: true });
          }}
        />
      )}
    </Stack>
  );
}

const timeFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short', hour: 'numeric', minute: '2-digit' });

/** 'Plus, billed weekly' or 'Night Pass until Tue 9:14 PM'. */
export function describeMembership({ plan, billing, expiresAt }: Membership): string {
  if (expiresAt) return `${planNames[plan]} until ${timeFormat.format(new Date(expiresAt))}`;
  return billing ? `${planNames[plan]}, billed ${billing}` : planNames[plan];
}

/** The same location dialog as after signing in, run afresh each time it is opened from Settings. */
function SettingsLocationDialog({ onDone }: { onDone: (enabled: boolean) => void }) {
  const actor = useActorRef(locationDialogMachine, { input: {} });
  useEffect(() => {
    const subscription = actor.subscribe((snapshot) => {
      if (snapshot.status === 'done') onDone(snapshot.output?.outcome === 'enabled');
    });
    return () => subscription.unsubscribe();
  }, [actor, onDone]);
  return <LocationDialog actor={actor} />;
}

const Header = styled.div`
  display: flex;
  align-items: center;
  gap: 14px;
`;

const Membership = styled.section`
  display: grid;
  gap: 14px;
  padding: 22px 20px;
  border-radius: ${({ theme }) => theme.radius.lg};
  background:
    radial-gradient(120% 120% at 100% 0%, ${({ theme }) => theme.alpha('moon', 0.16)}, transparent 55%),
    linear-gradient(135deg, ${({ theme }) => theme.alpha('accentStrong', 0.35)}, ${({ theme }) => theme.alpha('accentMagenta', 0.2)});
  border: 1px solid ${({ theme }) => theme.alpha('accent', 0.45)};
  box-shadow: ${({ theme }) => theme.shadow.card};
`;

const MembershipTop = styled.div`
  display: flex;
  align-items: center;
  gap: 14px;
`;

const CrownBadge = styled.span`
  display: grid;
  place-items: center;
  width: 46px;
  height: 46px;
  border-radius: 50%;
  background: ${({ theme }) => theme.alpha('moon', 0.16)};
  color: ${({ theme }) => theme.color.moon};
`;

const Label = styled.h2`
  font-size: 0.75rem;
  font-weight: 600;
  letter-spacing: 0.14em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.color.textMuted};
`;

const PlanName = styled.p`
  font-family: ${({ theme }) => theme.font.display};
  font-size: 1.5rem;
  font-weight: 600;
  line-height: 1.2;
`;

const PlanDetail = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.textMuted};
`;

const FromPrice = styled.p`
  margin-left: auto;
  padding: 4px 12px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.alpha('sky', 0.4)};
  color: ${({ theme }) => theme.color.moon};
  font-size: 0.8125rem;
  font-weight: 600;
  white-space: nowrap;
`;

// Side by side where both labels fit on one line, stacked on narrow phones.
const TwoButtons = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(150px, 1fr));
  gap: 10px;

  button {
    min-height: 46px;
    padding: 0 12px;
    font-size: 0.9375rem;
    white-space: nowrap;
  }
`;

const rowStyle = `
  display: flex;
  align-items: center;
  gap: 12px;
  width: 100%;
  min-height: 54px;
  padding: 0 6px;
  border: 0;
  background: transparent;
  font: inherit;
  font-weight: 500;
  text-align: left;
  text-decoration: none;
  cursor: pointer;

  span {
    flex: 1;
  }
`;

const LinkRow = styled(Link)`
  ${rowStyle}
  color: ${({ theme }) => theme.color.text};

  svg {
    color: ${({ theme }) => theme.color.textSubtle};
  }

  &:hover span {
    color: ${({ theme }) => theme.color.accent};
  }
`;

const DangerRow = styled.button`
  ${rowStyle}
  color: ${({ theme }) => theme.color.danger};

  &:hover span {
    text-decoration: underline;
    text-underline-offset: 3px;
  }
`;
