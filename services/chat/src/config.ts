import type { ServiceConfig } from '@nocturne/platform/kit';

/** Everything the chat service needs to know; `environment.ts` builds it from the environment. */
export interface ChatConfig extends ServiceConfig {
  /** Messages one person may send a minute, over all their conversations. */
  sendsPerMinute: number;
  /** How often the dawn rule looks for matches whose dawn passed: how late after 04:00 one may fade. */
  dawnRoundMs: number;
}

export const defaultChatConfig: Omit<ChatConfig, 'internalSecret'> = {
  port: 4004,
  host: '127.0.0.1',
  sendsPerMinute: 30,
  dawnRoundMs: 30_000,
};
