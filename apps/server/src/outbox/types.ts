/** One event on its way out. `id` orders events; within a channel they are delivered in that order. */
export interface OutboxMessage {
  id: bigint;
  channel: string;
  event: string;
  data: unknown;
  createdAt: Date;
}

/**
 * Channels under this prefix are the modules' own events (e.g. retention's `internal:retention`): they go
 * only to publishers that say `internal: true`, never to the players' real-time channels.
 */
export const INTERNAL_CHANNEL_PREFIX = 'internal:';

export const isInternalChannel = (channel: string) => channel.startsWith(INTERNAL_CHANNEL_PREFIX);

/** Where events go after commit (the realtime issue plugs a Centrifugo publisher in). */
export interface Publisher {
  /** True: this publisher gets the internal channels and only those (a module's consumer). */
  readonly internal?: boolean;
  /** Throwing leaves the event unpublished: it and later events of its channel are retried on the next pass. */
  publish(message: OutboxMessage): Promise<void>;
  /**
   * Internal publishers may take a whole page of their events at once (one transaction for many). Throwing
   * falls back to `publish`, event by event, so events before a failing one still get through.
   */
  publishBatch?(messages: OutboxMessage[]): Promise<void>;
}
