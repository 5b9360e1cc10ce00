import { ChatMessages, SwipeMessages } from '@nocturne/contracts';
import { deciderSpecification } from '@nocturne/platform/testing';
import { reportDecider, type ReportProfile } from './businessLogic';
import { reportStreamId, type ReportEvent } from './report';

const spec = deciderSpecification(reportDecider);
const now = new Date('2026-11-23T22:00:00.000Z');
const report = (overrides: Partial<ReportProfile> = {}): ReportProfile => ({ type: 'ReportProfile', reportId: 'r1', reporterId: 3, reportedId: 8, reason: 'fake-profile', text: 'Stolen photos', reportedVisible: true, now, ...overrides });
const reported: ReportEvent = { type: 'ProfileReported', data: { reportId: 'r1', reporterId: 3, reportedId: 8, reason: 'fake-profile', text: 'Stolen photos', reportedAt: now.toISOString() } };

describe('a report of a profile', () => {
  it('is one stream per report', () => {
    expect(reportStreamId('r1')).toBe('report-r1');
  });

  it('is filed for someone the reporter may see, with the reason and the words', () => {
    spec.given([]).when(report()).then([reported]);
  });

  it('is filed once, however often it is decided again', () => {
    spec.given([reported]).when(report()).thenNothingHappens();
  });

  it('refuses the reporter themselves as bad input on the person', () => {
    spec
      .given([])
      .when(report({ reportedId: 3, reportedVisible: false }))
      .thenThrows((error) => expect(error).toMatchObject({ code: 'BAD_USER_INPUT', message: ChatMessages.reportSelf, details: { field: 'userId' } }));
  });

  it('refuses anyone the reporter may not see with one answer, whoever they are', () => {
    spec
      .given([])
      .when(report({ reportedVisible: false }))
      .thenThrows((error) => expect(error).toMatchObject({ code: 'NOT_FOUND', message: SwipeMessages.unknownPerson }));
  });
});
