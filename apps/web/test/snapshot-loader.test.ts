import { describe, expect, it } from 'vitest';
import { createSnapshotLoader, SNAPSHOT_TRIES } from '../app/shared/live/snapshot-loader.ts';

/** A fetch whose answers the test releases one by one, in any order. */
function controlledFetch() {
  const pending: { answer: (value: number) => void }[] = [];
  const fetch = () =>
    new Promise<number>((resolve) => {
      pending.push({ answer: resolve });
    });
  return { fetch, pending };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('snapshot loader (decision 0084: fetched state kept live by publications)', () => {
  it('applies a quiet answer once', async () => {
    const applied: number[] = [];
    const { fetch, pending } = controlledFetch();
    const loader = createSnapshotLoader(fetch, (n) => applied.push(n));
    const done = loader.load();
    pending[0]?.answer(4);
    await done;
    expect(applied).toEqual([4]);
    expect(pending).toHaveLength(1);
  });

  it('fetches again when a live update arrived while the answer was on its way', async () => {
    const applied: number[] = [];
    const { fetch, pending } = controlledFetch();
    const loader = createSnapshotLoader(fetch, (n) => applied.push(n));
    const done = loader.load();
    loader.updated(); // the publication overtook the answer: the answer may predate it
    pending[0]?.answer(4);
    await settle();
    expect(applied).toEqual([]);
    expect(pending).toHaveLength(2);
    pending[1]?.answer(5);
    await done;
    expect(applied).toEqual([5]);
  });

  it('lets the last try stand when updates never stop', async () => {
    const applied: number[] = [];
    const { fetch, pending } = controlledFetch();
    const loader = createSnapshotLoader(fetch, (n) => applied.push(n));
    const done = loader.load();
    for (let i = 0; i < SNAPSHOT_TRIES; i += 1) {
      await settle();
      loader.updated();
      pending[i]?.answer(i);
    }
    await done;
    expect(pending).toHaveLength(SNAPSHOT_TRIES);
    expect(applied).toEqual([SNAPSHOT_TRIES - 1]);
  });

  it('applies only the newest load when two answer out of order', async () => {
    const applied: number[] = [];
    const { fetch, pending } = controlledFetch();
    const loader = createSnapshotLoader(fetch, (n) => applied.push(n));
    const first = loader.load(); // e.g. on mount, before the channel is subscribed
    const second = loader.load(); // on subscribe: the one that can see what the first missed
    pending[1]?.answer(7);
    await second;
    pending[0]?.answer(6); // the older snapshot arrives last
    await first;
    expect(applied).toEqual([7]);
  });

  it('applies nothing once stopped (the session ended)', async () => {
    const applied: number[] = [];
    const { fetch, pending } = controlledFetch();
    const loader = createSnapshotLoader(fetch, (n) => applied.push(n));
    const done = loader.load();
    loader.stop();
    pending[0]?.answer(1);
    await done;
    expect(applied).toEqual([]);
  });

  it('passes a failed fetch to the caller', async () => {
    const loader = createSnapshotLoader(
      () => Promise.reject(new Error('offline')),
      () => {},
    );
    await expect(loader.load()).rejects.toThrow('offline');
  });
});
