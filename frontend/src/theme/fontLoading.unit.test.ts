import { CACHED_KEY, loadTypefaces } from './fontLoading';

const registered = () => document.head.querySelectorAll('style[data-typefaces]').length;

beforeEach(() => {
  document.head.innerHTML = '';
  window.localStorage.clear();
});

test('on a first visit the typefaces wait for the first paint', async () => {
  let paint!: () => void;
  const painted = new Promise<void>((resolve) => (paint = resolve));
  loadTypefaces(painted);
  await Promise.resolve();
  expect(registered()).toBe(0);

  paint();
  await painted;
  await Promise.resolve();
  expect(registered()).toBe(1);
});

test('once a visit has loaded them, the next registers them before anything is drawn', () => {
  window.localStorage.setItem(CACHED_KEY, '1');
  loadTypefaces(new Promise<void>(() => undefined));
  expect(registered()).toBe(1);
});
