import '../testing/domPolyfills';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { theme } from '../theme/theme';
import { Toaster } from './Toaster';
import { toastStore } from './toastStore';

const renderToaster = () =>
  render(
    <ThemeProvider theme={theme}>
      <Toaster />
    </ThemeProvider>,
  );

describe('Toaster', () => {
  afterEach(() => act(() => toastStore.dismiss()));

  it('is a labelled region that F8 focuses', () => {
    renderToaster();
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    fireEvent.keyDown(window, { key: 'F8' });
    expect(document.activeElement).toBe(region);
  });

  it('announces a toast as a live region labelled Notification', () => {
    renderToaster();
    act(() => void toastStore.toast({ title: 'Reset Email Sent', description: 'Check your email for password reset instructions' }));
    const item = screen.getByRole('status', { name: 'Notification' });
    expect(item.textContent).toContain('Reset Email Sent');
    expect(item.getAttribute('aria-live')).toBe('polite');
  });

  it('announces destructive toasts assertively', () => {
    renderToaster();
    act(() => void toastStore.toast({ title: 'Sign in failed', variant: 'destructive' }));
    expect(screen.getByRole('alert', { name: 'Notification' }).textContent).toContain('Sign in failed');
  });

  it('closes with its close button', () => {
    renderToaster();
    act(() => void toastStore.toast({ title: 'Welcome back!' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(toastStore.getSnapshot()[0]?.open).toBe(false);
  });

  it('closes on a swipe right of 50 px and stays on a shorter one', () => {
    renderToaster();
    act(() => void toastStore.toast({ title: 'Account created!' }));
    const item = screen.getByRole('status', { name: 'Notification' });
    fireEvent.pointerDown(item, { clientX: 100, pointerId: 1 });
    fireEvent.pointerUp(item, { clientX: 140, pointerId: 1 });
    expect(toastStore.getSnapshot()[0]?.open).toBe(true);
    fireEvent.pointerDown(item, { clientX: 100, pointerId: 1 });
    fireEvent.pointerUp(item, { clientX: 150, pointerId: 1 });
    expect(toastStore.getSnapshot()[0]?.open).toBe(false);
  });
});
