import { checkSupportRequest, SupportMessages } from './support';

describe('a support request', () => {
  it('is kept trimmed', () => {
    expect(checkSupportRequest({ subject: '  Photo upload  ', message: '  My photo does not appear.  ' })).toEqual({ ok: true, request: { subject: 'Photo upload', message: 'My photo does not appear.' } });
  });

  it('names the first field out of bounds', () => {
    expect(checkSupportRequest({ subject: 'Hi', message: 'Long enough message' })).toEqual({ ok: false, field: 'subject', message: SupportMessages.subject });
    expect(checkSupportRequest({ subject: 'x'.repeat(121), message: 'Long enough message' })).toMatchObject({ field: 'subject' });
    expect(checkSupportRequest({ subject: 'Billing', message: '   short   ' })).toEqual({ ok: false, field: 'message', message: SupportMessages.message });
    expect(checkSupportRequest({ subject: 'Billing', message: 'x'.repeat(2001) })).toMatchObject({ field: 'message' });
    expect(checkSupportRequest({ subject: 42, message: null })).toMatchObject({ field: 'subject' });
  });
});
