// Matches whose popup the deck already showed (the person who liked second sees it there first), so the
// live popup for the same match stays away.
const shownMatches = new Set<number>();
export const noteMatchShown = (matchId: number) => void shownMatches.add(matchId);
export const wasMatchShown = (matchId: number) => shownMatches.has(matchId);
