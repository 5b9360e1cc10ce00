import type { SwipeWindowMode } from '@nocturne/contracts';
import type { ServiceConfig } from '@nocturne/platform/kit';

/** Everything the swipe service needs to know; `environment.ts` builds it from the environment. */
export interface SwipeConfig extends ServiceConfig {
  /** `nightly`: 20:00 to 04:00 on each person's clock. `always`: the round-the-clock demo. */
  windowMode: SwipeWindowMode;
  /** What crawling costs, per person and minute: far above anyone's pace (docs/security.md). */
  deckReadsPerMinute: number;
  passesPerMinute: number;
}

export const defaultSwipeConfig: Omit<SwipeConfig, 'internalSecret'> = {
  port: 4003,
  host: '127.0.0.1',
  windowMode: 'nightly',
  deckReadsPerMinute: 30,
  passesPerMinute: 90,
};
