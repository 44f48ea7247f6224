import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';

// The hook reads who is signed in from the session; here a test says who.
const session = vi.hoisted(() => ({ player: null as { id: string } | null }));
vi.mock('../app/shared/session/session.ts', () => ({ useSession: () => session }));

const { createPlayerStore } = await import('../app/shared/live/player-store.ts');
const { emitSessionChange } = await import('../app/shared/session/session-signal.ts');

/** A fetch whose answers the test releases one by one, in any order. */
function controlledFetch<T>() {
  const pending: { answer: (value: T) => void; fail: (error: Error) => void }[] = [];
  const fetch = vi.fn(
    () =>
      new Promise<T>((resolve, reject) => {
        pending.push({ answer: resolve, fail: reject });
      }),
  );
  return { fetch, pending };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function storeOf(options: { keepOnFailure?: boolean } = {}) {
  const { fetch, pending } = controlledFetch<string[]>();
  const onClear = vi.fn();
  const store = createPlayerStore<string[]>({ initial: [], load: fetch, onClear, ...options });
  return { store, fetch, pending, onClear };
}

describe('player store (decision 0101: state the signed-in player owns)', () => {
  it('loads once when a player signs in, and not again for the same player', async () => {
    const { store, fetch, pending } = storeOf();
    expect(store.get()).toEqual({ playerId: null, state: 'idle', value: [] });
    store.follow('p1');
    expect(store.get()).toEqual({ playerId: 'p1', state: 'loading', value: [] });
    pending[0]?.answer(['a']);
    await settle();
    expect(store.get()).toEqual({ playerId: 'p1', state: 'ready', value: ['a'] });
    store.follow('p1'); // another reader mounts
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('clears on sign-out, whether a reader saw it or the session said so', async () => {
    const { store, pending, onClear } = storeOf();
    store.follow('p1');
    pending[0]?.answer(['a']);
    await settle();
    emitSessionChange('ended');
    expect(store.get()).toEqual({ playerId: null, state: 'idle', value: [] });
    expect(onClear).toHaveBeenCalledTimes(1);

    store.follow('p1');
    pending[1]?.answer(['b']);
    await settle();
    store.follow(null); // a reader sees the session without a player
    expect(store.get().playerId).toBeNull();
    expect(onClear).toHaveBeenCalledTimes(2);
  });

  it('fetches again when the channel says so, and a part merges into the value', async () => {
    const { fetch, pending } = controlledFetch<Record<string, number>>();
    const store = createPlayerStore<Record<string, number>>({
      initial: {},
      load: fetch,
      apply: (answer, current) => ({ ...current, ...answer }),
    });
    store.follow('p1');
    pending[0]?.answer({ a: 1, b: 1 });
    await settle();
    const reload = store.reload(); // e.g. a `quest.updated` publication
    expect(store.get().state).toBe('ready'); // the loaded value stays shown meanwhile
    pending[1]?.answer({ a: 2, b: 2 });
    await reload;
    expect(store.get().value).toEqual({ a: 2, b: 2 });

    const part = store.reload(() => Promise.resolve({ b: 3 }));
    store.update((value) => ({ ...value, c: 1 })); // a publication's patch while the part is on its way
    await part;
    expect(store.get().value).toEqual({ a: 2, b: 3, c: 1 });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('drops a load that answers after sign-out', async () => {
    const { store, pending } = storeOf();
    store.follow('p1');
    emitSessionChange('ended');
    pending[0]?.answer(['a']);
    await settle();
    expect(store.get()).toEqual({ playerId: null, state: 'idle', value: [] });
  });

  it('drops the first session’s load when the player signs out and in again before it answers', async () => {
    const { store, pending } = storeOf();
    store.follow('p1');
    emitSessionChange('ended');
    store.follow('p1');
    pending[1]?.answer(['second']);
    await settle();
    pending[0]?.answer(['first']);
    await settle();
    expect(store.get()).toEqual({ playerId: 'p1', state: 'ready', value: ['second'] });

    // A part (a reload with its own fetch) is not superseded by newer loads, but by a new session it is.
    let release: (value: string[]) => void = () => {};
    const part = store.reload(() => new Promise<string[]>((resolve) => (release = resolve)));
    emitSessionChange('ended');
    store.follow('p1');
    pending[2]?.answer(['third']);
    await settle();
    release(['part of the second session']);
    await part;
    expect(store.get().value).toEqual(['third']);
  });

  it('applies only the newest load, and nothing older than an action’s own answer', async () => {
    const { store, pending } = storeOf();
    store.follow('p1');
    const older = store.reload();
    pending[1]?.answer(['newer']);
    pending[0]?.answer(['older']);
    await older;
    await settle();
    expect(store.get().value).toEqual(['newer']);

    void store.reload();
    store.set(['from the action']);
    pending[2]?.answer(['read before the action']);
    await settle();
    expect(store.get()).toEqual({ playerId: 'p1', state: 'ready', value: ['from the action'] });
  });

  it('shows a failed load, or keeps the loaded value when asked to', async () => {
    const shows = storeOf();
    shows.store.follow('p1');
    shows.pending[0]?.answer(['a']);
    await settle();
    void shows.store.reload();
    shows.pending[1]?.fail(new Error('offline'));
    await settle();
    expect(shows.store.get()).toMatchObject({ state: 'failed', value: ['a'] });

    const keeps = storeOf({ keepOnFailure: true });
    keeps.store.follow('p1');
    keeps.pending[0]?.answer(['a']);
    await settle();
    void keeps.store.reload();
    keeps.pending[1]?.fail(new Error('offline'));
    await settle();
    expect(keeps.store.get()).toMatchObject({ state: 'ready', value: ['a'] });
  });

  it('renders the initial value on the server, whatever the browser module holds', async () => {
    const { store, pending } = storeOf();
    store.follow('p1');
    pending[0]?.answer(['a']);
    await settle();
    session.player = { id: 'p1' };
    const View = () => {
      const { state, value } = store.use();
      return createElement('p', null, `${state}:${value.join(',')}`);
    };
    expect(renderToString(createElement(View))).toBe('<p>loading:</p>');
    session.player = null;
    expect(renderToString(createElement(View))).toBe('<p>idle:</p>');
  });
});
