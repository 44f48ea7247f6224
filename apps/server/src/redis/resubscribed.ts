import type { Redis } from 'ioredis';

/**
 * Calls `fn` each time a subscriber connection is back after it was lost (Redis restarted, the network cut), once
 * it is subscribed to `topic` again. Pub/sub keeps nothing: whatever was published while this process was away
 * never arrives, so the caller makes up for it (issue 31: a 10 s Redis stop lost every socket's publications of
 * those seconds, and the configuration changes with them). ioredis re-subscribes by itself on reconnect, but does
 * not wait for it before 'ready'; subscribing again here is idempotent and tells when it holds.
 */
export function onResubscribed(
  subscriber: Redis,
  topic: string,
  fn: () => void,
  log: { warn(obj: unknown, msg: string): void },
): void {
  let subscribed = false;
  let lost = false;
  subscriber.on('close', () => {
    if (subscribed) lost = true;
  });
  subscriber.on('ready', () => {
    if (!lost) return;
    lost = false;
    subscriber.subscribe(topic).then(fn, (error: unknown) => log.warn({ err: error }, 'redis re-subscribe failed'));
  });
  // Armed once the first subscription holds: the start is not a recovery.
  subscriber.once('ready', () => {
    subscribed = true;
  });
}
