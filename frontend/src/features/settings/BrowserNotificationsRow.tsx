import { useState } from 'react';
import { Button } from '../../components/Button';
import { askBrowserPermission, browserPermission, type BrowserPermission } from '../../notifications/browserNotifications';
import { RowDetail, RowLine, RowTitle } from './SettingsRows';

const details: Record<Exclude<BrowserPermission, 'unsupported'>, string> = {
  default: 'Matches, messages and likes while Nocturne is in the background, as chosen above.',
  granted: 'On: matches, messages and likes while Nocturne is in the background, as chosen above.',
  denied: 'Blocked by your browser. Allow notifications for this site in its settings.',
};

/** The one place that asks the browser for notifications, on the person's tap (never on a first visit). */
export function BrowserNotificationsRow() {
  const [permission, setPermission] = useState(browserPermission);
  if (permission === 'unsupported') return null;
  return (
    <RowLine>
      <div>
        <RowTitle id="browser-notifications-title">Browser notifications</RowTitle>
        <RowDetail id="browser-notifications-detail">{details[permission]}</RowDetail>
      </div>
      {permission === 'default' && (
        <Button $variant="secondary" $size="small" aria-describedby="browser-notifications-detail" onClick={() => void askBrowserPermission().then(setPermission)}>
          Allow
        </Button>
      )}
    </RowLine>
  );
}
