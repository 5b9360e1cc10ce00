/** The browser's notification permission, or `unsupported` where the browser has no Notification API. */
export type BrowserPermission = NotificationPermission | 'unsupported';

export const browserPermission = (): BrowserPermission => (typeof window !== 'undefined' && 'Notification' in window ? window.Notification.permission : 'unsupported');

/** Asks the browser once; only Settings calls this, on the person's tap (never on a first visit). */
export async function askBrowserPermission(): Promise<BrowserPermission> {
  if (browserPermission() === 'unsupported') return 'unsupported';
  return window.Notification.requestPermission();
}

export interface BrowserNotice {
  title: string;
  body: string;
  /** One notice per tag: a newer one of the same conversation replaces the older. */
  tag: string;
  onOpen: () => void;
}

/**
 * Shows a system notification while the tab is hidden and the person allowed them; answers whether it
 * did. Phones' browsers that only notify through a service worker refuse the constructor: nothing then.
 */
export function notifyInBrowser(notice: BrowserNotice): boolean {
  if (document.visibilityState !== 'hidden' || browserPermission() !== 'granted') return false;
  try {
    const shown = new window.Notification(notice.title, { body: notice.body, tag: notice.tag, icon: '/favicon.svg' });
    shown.onclick = () => {
      window.focus();
      notice.onOpen();
      shown.close();
    };
    return true;
  } catch {
    return false;
  }
}
