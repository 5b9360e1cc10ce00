import { loadTypefaces } from './fontLoading';

const registered = () => document.head.querySelectorAll('style[data-typefaces]').length;
const never = new Promise<never>(() => undefined);
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  document.head.innerHTML = '';
});

test('on a first visit the typefaces wait for the first paint', async () => {
  let paint!: () => void;
  const painted = new Promise<void>((resolve) => (paint = resolve));
  loadTypefaces({ painted, cached: Promise.resolve(false), css: '' });
  await settle();
  expect(registered()).toBe(0);

  paint();
  await settle();
  expect(registered()).toBe(1);
});

test('once a visit has loaded them, the next registers them without waiting for anything to be drawn', async () => {
  loadTypefaces({ painted: never, cached: Promise.resolve(true), css: '' });
  await settle();
  expect(registered()).toBe(1);
});

test('they are registered once, whichever comes first', async () => {
  let paint!: () => void;
  const painted = new Promise<void>((resolve) => (paint = resolve));
  loadTypefaces({ painted, cached: Promise.resolve(true), css: '' });
  await settle();
  paint();
  await settle();
  expect(registered()).toBe(1);
});
