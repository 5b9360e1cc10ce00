/** Toast rules of the spec (point 9): one at a time, 5 s on screen, swipe right 50 px to dismiss. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  durationMs?: number;
}

export interface Toast extends Required<Pick<ToastInput, 'title' | 'variant'>> {
  id: number;
  description?: string;
  open: boolean;
}

type Listener = () => void;

export interface ToastStore {
  toast(input: ToastInput): number;
  dismiss(id?: number): void;
  getSnapshot(): readonly Toast[];
  subscribe(listener: Listener): () => void;
}

export function createToastStore(): ToastStore {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();
  const timers = new Map<number, ReturnType<typeof setTimeout>>();

  const emit = (next: readonly Toast[]) => {
    toasts = next;
    for (const listener of listeners) listener();
  };

  const clearTimer = (id: number) => {
    const timer = timers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(id);
  };

  const remove = (id: number) => {
    clearTimer(id);
    emit(toasts.filter((t) => t.id !== id));
  };

  const dismiss = (id?: number) => {
    const closing = toasts.filter((t) => (id === undefined || t.id === id) && t.open);
    if (closing.length === 0) return;
    for (const t of closing) {
      clearTimer(t.id);
      // A closed toast lingers (invisible) before removal, as the spec's remove delay says.
      timers.set(t.id, setTimeout(() => remove(t.id), TOAST_REMOVE_DELAY_MS));
    }
    emit(toasts.map((t) => (closing.includes(t) ? { ...t, open: false } : t)));
  };

  const toast = (input: ToastInput) => {
    const id = nextId++;
    const shown: Toast = { id, title: input.title, description: input.description, variant: input.variant ?? 'default', open: true };
    const kept = [shown, ...toasts].slice(0, TOAST_LIMIT);
    for (const dropped of toasts) if (!kept.includes(dropped)) clearTimer(dropped.id);
    timers.set(id, setTimeout(() => dismiss(id), input.durationMs ?? TOAST_DURATION_MS));
    emit(kept);
    return id;
  };

  return {
    toast,
    dismiss,
    getSnapshot: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A rightward drag of at least the threshold dismisses; leftward or short drags snap back. */
export const isSwipeDismiss = (deltaX: number) => deltaX >= TOAST_SWIPE_THRESHOLD_PX;

export const toastStore = createToastStore();
export const toast = toastStore.toast;
