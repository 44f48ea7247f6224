import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createToastQueue,
  TOAST_DEFAULT_DURATION_MS,
  TOAST_MAX_VISIBLE,
  TOAST_SPACING_MS,
} from '../app/shared/toasts/toast-queue.ts';

const titles = (queue: ReturnType<typeof createToastQueue>) => queue.getSnapshot().map((t) => t.title);

describe('toast queue (spec §9 timings)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('shows the first alert at once and spaces the next ones at least 400 ms apart', () => {
    const queue = createToastQueue();
    queue.show({ type: 'info', title: 'a' });
    queue.show({ type: 'info', title: 'b' });
    queue.show({ type: 'info', title: 'c' });
    expect(titles(queue)).toEqual(['a']);
    vi.advanceTimersByTime(TOAST_SPACING_MS - 1);
    expect(titles(queue)).toEqual(['a']);
    vi.advanceTimersByTime(1);
    expect(titles(queue)).toEqual(['a', 'b']);
    vi.advanceTimersByTime(TOAST_SPACING_MS);
    expect(titles(queue)).toEqual(['a', 'b', 'c']);
  });

  it('an alert after a quiet spell appears immediately', () => {
    const queue = createToastQueue();
    queue.show({ type: 'info', title: 'a' });
    vi.advanceTimersByTime(1000);
    queue.show({ type: 'success', title: 'b' });
    expect(titles(queue)).toEqual(['a', 'b']);
  });

  it('hides an alert after 3000 ms by default, or after its own duration', () => {
    const queue = createToastQueue();
    queue.show({ type: 'error', title: 'default' });
    queue.show({ type: 'error', title: 'long', durationMs: 10_000 });
    expect(TOAST_DEFAULT_DURATION_MS).toBe(3000);
    vi.advanceTimersByTime(TOAST_DEFAULT_DURATION_MS - 1);
    expect(titles(queue)).toEqual(['default', 'long']);
    vi.advanceTimersByTime(1);
    expect(titles(queue)).toEqual(['long']);
    vi.advanceTimersByTime(10_000 + TOAST_SPACING_MS - TOAST_DEFAULT_DURATION_MS - 1);
    expect(titles(queue)).toEqual(['long']);
    vi.advanceTimersByTime(1);
    expect(titles(queue)).toEqual([]);
  });

  it('pausing keeps an alert up and resuming finishes only the time that was left', () => {
    const queue = createToastQueue();
    const id = queue.show({ type: 'warning', title: 'hover me' });
    vi.advanceTimersByTime(1000);
    queue.pause(id);
    vi.advanceTimersByTime(60_000);
    expect(titles(queue)).toEqual(['hover me']);
    queue.resume(id);
    vi.advanceTimersByTime(1999);
    expect(titles(queue)).toEqual(['hover me']);
    vi.advanceTimersByTime(1);
    expect(titles(queue)).toEqual([]);
  });

  it('dismiss removes a visible alert and cancels a waiting one', () => {
    const queue = createToastQueue();
    const first = queue.show({ type: 'info', title: 'a' });
    const second = queue.show({ type: 'info', title: 'b' });
    queue.dismiss(second);
    queue.dismiss(first);
    expect(titles(queue)).toEqual([]);
    vi.advanceTimersByTime(TOAST_SPACING_MS * 2);
    expect(titles(queue)).toEqual([]);
  });

  it('keeps at most the configured number visible, dropping the oldest', () => {
    const queue = createToastQueue();
    for (let i = 0; i <= TOAST_MAX_VISIBLE; i++) queue.show({ type: 'info', title: `t${i}`, durationMs: 60_000 });
    vi.advanceTimersByTime(TOAST_SPACING_MS * TOAST_MAX_VISIBLE);
    expect(titles(queue)).toHaveLength(TOAST_MAX_VISIBLE);
    expect(titles(queue)[0]).toBe('t1');
  });

  it('notifies subscribers with a new snapshot on each change', () => {
    const queue = createToastQueue();
    const seen: number[] = [];
    const stop = queue.subscribe(() => seen.push(queue.getSnapshot().length));
    const id = queue.show({ type: 'info', title: 'a' });
    queue.dismiss(id);
    stop();
    queue.show({ type: 'info', title: 'b' });
    expect(seen).toEqual([1, 0]);
  });
});
