import type { SupportRequestInput } from '@nocturne/contracts/support';
import type { SupportRequestedAnswer } from '@nocturne/contracts/api';
import { requestJson } from './http';

export const contactSupport = (request: SupportRequestInput) => requestJson<SupportRequestedAnswer>('POST', '/api/support', request);
