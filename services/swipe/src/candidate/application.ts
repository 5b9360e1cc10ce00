import { quotaNight, zoneInForce } from '@nocturne/contracts';
import { causedBy, handleCommand, loadStream, type EventSource } from '@nocturne/platform/kit';
import type { SwipeDependencies } from '../dependencies';
import { nightDecider } from '../night/businessLogic';
import { nightStreamId } from '../night/night';
import { candidateDecider, type CandidateCommand } from './businessLogic';
import { candidateStreamId, type Candidate } from './candidate';

/** Keeps this service's copy of a person in step with what auth and profile published. */
export function createCandidateApplication(deps: SwipeDependencies) {
  return {
    async record(command: CandidateCommand, source: EventSource): Promise<void> {
      await handleCommand({ eventStore: deps.eventStore, streamId: candidateStreamId(command.userId), decider: candidateDecider, command, context: { now: deps.clock(), newEventId: deps.newId, metadata: causedBy(source) } });
      // Erase first, then shred: every stream that held the person's data now ends in the erasure.
      if (command.type === 'Erase') await deps.personalData.shred(String(command.userId));
    },

    /**
     * The zone the person asked for at `requestedAt`: it waits for the next 8:00 PM of the zone in force
     * (`scheduleZoneChange`); a first zone applies at once unless a swipe is already in that night.
     */
    async recordTimeZone(input: { userId: number; timeZone: string; requestedAt: string }, source: EventSource): Promise<void> {
      const { userId, timeZone, requestedAt } = input;
      const countedTonight = async (state: Candidate) => {
        const at = new Date(requestedAt);
        const night = await loadStream(deps.eventStore, nightStreamId(userId, quotaNight(at, zoneInForce(state.zones, at))), nightDecider);
        return night.version > 0;
      };
      await handleCommand({
        eventStore: deps.eventStore,
        streamId: candidateStreamId(userId),
        decider: candidateDecider,
        command: async (state: Candidate): Promise<CandidateCommand> => ({ type: 'RecordTimeZone', userId, timeZone, requestedAt, countedTonight: await countedTonight(state) }),
        context: { now: deps.clock(), newEventId: deps.newId, metadata: causedBy(source) },
      });
    },
  };
}
export type CandidateApplication = ReturnType<typeof createCandidateApplication>;
