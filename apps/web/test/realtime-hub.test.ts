import { describe, expect, it } from 'vitest';
import { type ChannelEvents, createChannelHub } from '../app/features/realtime/channel-hub.ts';
import { createRealtimeStore } from '../app/features/realtime/realtime-store.ts';

/** A fake server side: records opened and closed subscriptions and lets the test publish. */
function fakeSource() {
  const open = new Map<string, ChannelEvents>();
  const log: string[] = [];
  return {
    open,
    log,
    source: {
      open(channel: string, events: ChannelEvents) {
        log.push(`open ${channel}`);
        open.set(channel, events);
        events.onState('subscribing');
        return {
          close() {
            log.push(`close ${channel}`);
            open.delete(channel);
          },
        };
      },
    },
  };
}

describe('channel hub (reference-counted subscriptions)', () => {
  it('two listeners on one channel share one subscription, closed when the last one leaves', () => {
    const fake = fakeSource();
    const store = createRealtimeStore();
    const hub = createChannelHub(fake.source, store);
    const a: unknown[] = [];
    const b: unknown[] = [];
    const releaseA = hub.acquire('wallet:accounts#p1', (d) => a.push(d));
    const releaseB = hub.acquire('wallet:accounts#p1', (d) => b.push(d));
    expect(fake.log).toEqual(['open wallet:accounts#p1']);
    fake.open.get('wallet:accounts#p1')?.onPublication({ event: 'x' });
    expect(a).toEqual([{ event: 'x' }]);
    expect(b).toEqual([{ event: 'x' }]);
    releaseA();
    releaseA(); // idempotent: must not release B's share
    expect(fake.log).toEqual(['open wallet:accounts#p1']);
    releaseB();
    expect(fake.log).toEqual(['open wallet:accounts#p1', 'close wallet:accounts#p1']);
    expect(store.getSnapshot().subscriptions).toEqual({});
  });

  it('mirrors subscription states into the store', () => {
    const fake = fakeSource();
    const store = createRealtimeStore();
    const hub = createChannelHub(fake.source, store);
    hub.acquire('tournaments', () => {});
    expect(store.getSnapshot().subscriptions.tournaments).toBe('subscribing');
    fake.open.get('tournaments')?.onState('subscribed');
    expect(store.getSnapshot().subscriptions.tournaments).toBe('subscribed');
    store.setConnection('connected');
    expect(store.getSnapshot().connection).toBe('connected');
  });

  it('a throwing listener does not stop the others', () => {
    const fake = fakeSource();
    const hub = createChannelHub(fake.source, createRealtimeStore());
    const got: unknown[] = [];
    hub.acquire('tournaments', () => {
      throw new Error('boom');
    });
    hub.acquire('tournaments', (d) => got.push(d));
    const original = console.error;
    console.error = () => {};
    try {
      fake.open.get('tournaments')?.onPublication(1);
    } finally {
      console.error = original;
    }
    expect(got).toEqual([1]);
  });

  it('drop ends player channels on logout; late releases are harmless and a new acquire opens again', () => {
    const fake = fakeSource();
    const store = createRealtimeStore();
    const hub = createChannelHub(fake.source, store);
    const releasePlayer = hub.acquire('messenger:notifications#p1', () => {});
    hub.acquire('tournaments', () => {});
    hub.drop((channel) => channel.includes('#'));
    expect(hub.channels()).toEqual(['tournaments']);
    expect(Object.keys(store.getSnapshot().subscriptions)).toEqual(['tournaments']);
    releasePlayer();
    hub.acquire('messenger:notifications#p2', () => {});
    expect(fake.log).toEqual([
      'open messenger:notifications#p1',
      'open tournaments',
      'close messenger:notifications#p1',
      'open messenger:notifications#p2',
    ]);
  });
});
