/** Bounds of one real-time connection (docs/realtime.md). Tests shorten the timings. */
export interface RealtimeLimits {
  /** Server ping period, told to the client in the connect reply (whole seconds on the wire). */
  pingIntervalMs: number;
  /** A ping not answered within this is a dead peer: closed with "no pong". */
  pongTimeoutMs: number;
  /** A socket that has not sent `connect` within this is closed as stale. */
  connectTimeoutMs: number;
  /** How long after its token's expiry an unrefreshed connection may stay (the client refreshes at expiry). */
  expiredGraceMs: number;
  /** Largest websocket frame accepted; a larger one closes the socket with 1009. */
  maxFrameBytes: number;
  /** Token bucket of commands: a burst of this many… */
  commandBurst: number;
  /** …refilled at this rate; an empty bucket closes the connection with "too many requests". */
  commandsPerSecond: number;
  maxSubscriptions: number;
  /** Bytes queued in the socket beyond which the peer is a slow consumer and is dropped. */
  maxBufferedBytes: number;
  /** The online count is recomputed (and published when changed) at most this often. */
  onlineIntervalMs: number;
  /** A staff connection's session is checked again this often: signed out, disabled or idle ends it (decision 0110). */
  staffCheckMs: number;
}

export const defaultRealtimeLimits: RealtimeLimits = {
  pingIntervalMs: 25_000,
  pongTimeoutMs: 10_000,
  connectTimeoutMs: 10_000,
  expiredGraceMs: 25_000,
  maxFrameBytes: 64 * 1024,
  commandBurst: 100,
  commandsPerSecond: 20,
  maxSubscriptions: 128,
  maxBufferedBytes: 1024 * 1024,
  onlineIntervalMs: 5_000,
  staffCheckMs: 30_000,
};
