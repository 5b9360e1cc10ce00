import { ChatMessages } from '@nocturne/contracts';
import { deciderSpecification } from '@nocturne/platform/testing';
import { reportDecider, type FileReport } from './businessLogic';
import { sourceOfReport, type ReportEvent } from './report';

const spec = deciderSpecification(reportDecider);
const now = new Date('2026-11-23T22:00:00.000Z');
const fromDeck: FileReport = { type: 'FileReport', reportId: 'r1', reporterId: 3, reportedId: 8, reason: 'spam', text: 'Sells followers', matchId: null, source: 'deck', now };
const filed: ReportEvent = { type: 'ReportFiled', data: { reportId: 'r1', reporterId: 3, reportedId: 8, reason: 'spam', text: 'Sells followers', matchId: null, source: 'deck', reportedAt: now.toISOString() } };

describe('a report', () => {
  it('is filed with where it was made', () => {
    spec.given([]).when(fromDeck).then([filed]);
  });

  it('is filed once: a report delivered again changes nothing', () => {
    spec.given([filed]).when(fromDeck).thenNothingHappens();
  });

  it('refuses the reporter themselves', () => {
    spec
      .given([])
      .when({ ...fromDeck, reportedId: 3 })
      .thenThrows((error) => expect(error).toMatchObject({ code: 'BAD_USER_INPUT', message: ChatMessages.reportSelf }));
  });

  it('reads a report stored before reports named their source as one from a conversation', () => {
    expect(sourceOfReport({})).toBe('conversation');
    expect(sourceOfReport({ source: 'deck' })).toBe('deck');
  });
});
