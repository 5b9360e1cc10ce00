import { act, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { lazyScreen } from './lazyScreen';

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      {label} {count}
    </button>
  );
}

/** A chunk whose download the test finishes by hand. */
function chunk() {
  let arrive: () => void = () => undefined;
  const arrived = new Promise<{ Counter: typeof Counter }>((resolve) => (arrive = () => resolve({ Counter })));
  const load = jest.fn(() => arrived);
  return { load, arrive: () => act(async () => arrive()) };
}

describe('a lazily loaded screen', () => {
  it('draws at once, without its fallback, when its chunk came first (as the preloaded first screen does)', async () => {
    const { load, arrive } = chunk();
    const Screen = lazyScreen('src/Counter.tsx', load, 'Counter');
    const preloaded = Screen.preload();
    await arrive();
    await preloaded;
    render(
      <Suspense fallback={<p>fallback</p>}>
        <Screen label="Clicks" />
      </Suspense>,
    );
    // Synchronously: React.lazy would have shown the fallback for this first render.
    expect(screen.getByRole('button', { name: 'Clicks 0' })).toBeTruthy();
    expect(screen.queryByText('fallback')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('waits for its chunk otherwise, and keeps its state when it re-renders after arriving', async () => {
    const { load, arrive } = chunk();
    const Screen = lazyScreen('src/Counter.tsx', load, 'Counter');
    const { rerender } = render(
      <Suspense fallback={<p>fallback</p>}>
        <Screen label="Clicks" />
      </Suspense>,
    );
    expect(screen.getByText('fallback')).toBeTruthy();
    await arrive();
    const button = await screen.findByRole('button', { name: 'Clicks 0' });
    act(() => button.click());
    rerender(
      <Suspense fallback={<p>fallback</p>}>
        <Screen label="Taps" />
      </Suspense>,
    );
    expect(screen.getByRole('button', { name: 'Taps 1' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fetches again after a failed download', async () => {
    const load = jest.fn<Promise<{ Counter: typeof Counter }>, []>().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ Counter });
    const Screen = lazyScreen('src/Counter.tsx', load, 'Counter');
    await expect(Screen.preload()).rejects.toThrow('offline');
    await expect(Screen.preload()).resolves.toEqual({ Counter });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
