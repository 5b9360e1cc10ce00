import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PRODUCT_NAME } from './brand';

const titles: Record<string, string> = {
  '/signup': `Join ${PRODUCT_NAME}`,
  '/signin': 'Sign In',
  '/forgot-password': 'Forgot Password',
  '/reset-password': 'Reset Password',
  '/onboarding': 'Set Up Your Profile',
  '/feed': 'Swipe Deck',
  '/swipe-deck': 'Swipe Deck',
  '/lobby': 'Lobby',
  '/chat': 'Messages',
  '/profile': 'Profile',
  '/settings': 'Settings',
  '/privacy': 'Privacy Policy',
  '/terms': 'Terms of Service',
};

export function documentTitleFor(pathname: string): string {
  if (pathname === '/') return PRODUCT_NAME;
  const title = titles[pathname.replace(/\/+$/, '')] ?? 'Page Not Found';
  return title.includes(PRODUCT_NAME) ? title : `${title} · ${PRODUCT_NAME}`;
}

/** Names each screen in the tab title, which screen readers also announce on navigation. */
export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = documentTitleFor(pathname);
  }, [pathname]);
}
