import { causedBy, handleCommand, type EventSource } from '@nocturne/platform';
import type { SwipeDependencies } from '../dependencies';
import { candidateDecider, type CandidateCommand } from './businessLogic';
import { candidateStreamId } from './candidate';

/** Keeps this service's copy of a person in step with what auth and profile published. */
export function createCandidateApplication(deps: SwipeDependencies) {
  return {
    async record(command: CandidateCommand, source: EventSource): Promise<void> {
      await handleCommand({ eventStore: deps.eventStore, streamId: candidateStreamId(command.userId), decider: candidateDecider, command, context: { now: deps.clock(), newEventId: deps.newId, metadata: causedBy(source) } });
      // Erase first, then shred: every stream that held the person's data now ends in the erasure.
      if (command.type === 'Erase') await deps.personalData.shred(String(command.userId));
    },
  };
}
export type CandidateApplication = ReturnType<typeof createCandidateApplication>;
