import { SWIPE_WINDOW_ALWAYS_META, withHeadTags } from './frontend';

describe('withHeadTags', () => {
  it('puts the tags at the end of the head, after the charset declaration', () => {
    const page = '<!doctype html><html><head><meta charset="UTF-8"><title>Nocturne</title></head><body></body></html>';
    expect(withHeadTags(page, SWIPE_WINDOW_ALWAYS_META)).toBe(
      `<!doctype html><html><head><meta charset="UTF-8"><title>Nocturne</title>${SWIPE_WINDOW_ALWAYS_META}</head><body></body></html>`,
    );
  });

  it('puts them right after the doctype of a page without a head element', () => {
    expect(withHeadTags('<!DOCTYPE html><title>N</title>', '<meta name="x">')).toBe('<!DOCTYPE html><meta name="x"><title>N</title>');
  });

  it('leaves the page as it is when there is nothing to add', () => {
    expect(withHeadTags('<html></html>', '')).toBe('<html></html>');
  });
});
