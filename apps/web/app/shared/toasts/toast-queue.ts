/** Alert timings of spec §9: at least 400 ms between two alerts, shown 3000 ms unless told otherwise. */
export const TOAST_SPACING_MS = 400;
export const TOAST_DEFAULT_DURATION_MS = 3000;
/** More would cover the page on a phone; the oldest makes room. */
export const TOAST_MAX_VISIBLE = 4;

export type ToastType = 'success' | 'error' | 'info' | 'warning';

export interface ToastInput {
  type: ToastType;
  title: string;
  description?: string;
  durationMs?: number;
}

export interface Toast extends ToastInput {
  id: number;
  durationMs: number;
}

export interface Timers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

// Read the globals at call time so fake timers in tests take effect.
const globalTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface ToastQueue {
  show(input: ToastInput): number;
  dismiss(id: number): void;
  /** Stops the countdown while the pointer or focus is on the toast. */
  pause(id: number): void;
  resume(id: number): void;
  getSnapshot(): readonly Toast[];
  subscribe(listener: () => void): () => void;
}

interface Visible {
  toast: Toast;
  remaining: number;
  startedAt: number;
  handle: unknown;
}

export function createToastQueue(timers: Timers = globalTimers): ToastQueue {
  const waiting: Toast[] = [];
  const visible: Visible[] = [];
  const listeners = new Set<() => void>();
  let snapshot: readonly Toast[] = [];
  let lastShownAt = Number.NEGATIVE_INFINITY;
  let releaseHandle: unknown = null;
  let nextId = 1;

  const emit = () => {
    snapshot = visible.map((v) => v.toast);
    for (const listener of listeners) listener();
  };

  const startCountdown = (item: Visible) => {
    item.startedAt = timers.now();
    item.handle = timers.setTimeout(() => dismiss(item.toast.id), Math.max(0, item.remaining));
  };

  const reveal = (toast: Toast) => {
    lastShownAt = timers.now();
    if (visible.length >= TOAST_MAX_VISIBLE) {
      const [oldest] = visible.splice(0, 1);
      if (oldest?.handle != null) timers.clearTimeout(oldest.handle);
    }
    const item: Visible = { toast, remaining: toast.durationMs, startedAt: 0, handle: null };
    visible.push(item);
    startCountdown(item);
    emit();
  };

  // Releases waiting toasts one by one, each at least the spacing after the previous one.
  const pump = () => {
    if (releaseHandle !== null) return;
    const next = waiting[0];
    if (!next) return;
    const wait = lastShownAt + TOAST_SPACING_MS - timers.now();
    if (wait > 0) {
      releaseHandle = timers.setTimeout(() => {
        releaseHandle = null;
        pump();
      }, wait);
      return;
    }
    waiting.shift();
    reveal(next);
    pump();
  };

  function dismiss(id: number) {
    const at = visible.findIndex((v) => v.toast.id === id);
    if (at >= 0) {
      const [item] = visible.splice(at, 1);
      if (item?.handle != null) timers.clearTimeout(item.handle);
      emit();
      return;
    }
    const waitingAt = waiting.findIndex((t) => t.id === id);
    if (waitingAt >= 0) waiting.splice(waitingAt, 1);
  }

  return {
    show(input) {
      const toast: Toast = { ...input, id: nextId++, durationMs: input.durationMs ?? TOAST_DEFAULT_DURATION_MS };
      waiting.push(toast);
      pump();
      return toast.id;
    },
    dismiss,
    pause(id) {
      const item = visible.find((v) => v.toast.id === id);
      if (!item || item.handle == null) return;
      timers.clearTimeout(item.handle);
      item.handle = null;
      item.remaining -= timers.now() - item.startedAt;
    },
    resume(id) {
      const item = visible.find((v) => v.toast.id === id);
      if (item && item.handle == null) startCountdown(item);
    },
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
