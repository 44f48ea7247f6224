/** One event on its way out. `id` orders events; within a channel they are delivered in that order. */
export interface OutboxMessage {
  id: bigint;
  channel: string;
  event: string;
  data: unknown;
  createdAt: Date;
}

/** Where events go after commit (the realtime issue plugs a Centrifugo publisher in). */
export interface Publisher {
  /** Throwing leaves the event unpublished: it and later events of its channel are retried on the next pass. */
  publish(message: OutboxMessage): Promise<void>;
}
