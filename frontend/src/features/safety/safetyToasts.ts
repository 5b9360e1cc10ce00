import type { ToastInput } from '../../toast/toastStore';

/** What block and report say, wherever they are offered (a conversation, the deck's detail sheet). */
export const REPORT_SENT = { title: 'Report sent', description: 'Thank you. Our moderators will look at it.' } satisfies ToastInput;
export const REPORT_FAILED = { title: 'Error', description: 'Could not send the report. Please try again.', variant: 'destructive' } satisfies ToastInput;
export const BLOCK_FAILED = { title: 'Error', description: 'Could not block. Please try again.', variant: 'destructive' } satisfies ToastInput;
