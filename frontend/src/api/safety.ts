import type { ReportReason } from '@nocturne/contracts';
import { graphql } from './chat';

/** Hides the two people from each other everywhere, for good; a match between them ends. */
export async function blockPerson(userId: number): Promise<void> {
  await graphql('mutation Block($id: Int!) { block(userId: $id) }', { id: userId });
}

/** Files a report for the moderators; `matchId` names the match of the two, where there is one. */
export async function reportPerson(input: { userId: number; reason: ReportReason; text: string; matchId?: number }): Promise<void> {
  await graphql('mutation Report($input: ReportInput!) { reportUser(input: $input) }', { input });
}

/**
 * Files a report of someone the viewer may see (a deck card) for moderation; it hides nobody. Unknown,
 * erased and blocked people answer alike (NOT_FOUND).
 */
export async function reportProfile(input: { userId: number; reason: ReportReason; text: string }): Promise<void> {
  await graphql('mutation ReportProfile($input: ReportProfileInput!) { reportProfile(input: $input) }', { input });
}
