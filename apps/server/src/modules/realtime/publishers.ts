import type { OutboxMessage, Publisher } from '../../outbox/index.ts';
import type { RealtimeHub } from './hub.ts';

/** Single-process fan-out: committed outbox events go straight to this process's sockets. */
export class HubPublisher implements Publisher {
  constructor(private readonly hub: RealtimeHub) {}

  async publish(message: OutboxMessage): Promise<void> {
    this.hub.deliver(message.channel, message.data);
  }
}

export interface CentrifugoOptions {
  /** Centrifugo's HTTP API origin, e.g. http://centrifugo:8000. */
  apiUrl: string;
  apiKey: string;
  timeoutMs?: number;
}

/**
 * Publishes through Centrifugo's HTTP API (`POST /api/publish`, key in `X-API-Key`) when Centrifugo
 * serves the websockets. A failure throws, so the outbox keeps the event and retries it in order.
 */
export class CentrifugoPublisher implements Publisher {
  private readonly endpoint: string;

  constructor(private readonly options: CentrifugoOptions) {
    this.endpoint = `${options.apiUrl.replace(/\/+$/, '')}/api/publish`;
  }

  async publish(message: OutboxMessage): Promise<void> {
    const response = await fetch(this.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': this.options.apiKey },
      body: JSON.stringify({ channel: message.channel, data: message.data }),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 5000),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`Centrifugo publish answered ${response.status}: ${text.slice(0, 200)}`);
    // Centrifugo reports API errors in a 200 body: {"error":{"code":…,"message":…}}.
    let body: { error?: { code?: number; message?: string } } = {};
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      throw new Error(`Centrifugo publish answered a body that is not JSON: ${text.slice(0, 200)}`);
    }
    if (body.error) throw new Error(`Centrifugo publish failed: ${body.error.code} ${body.error.message ?? ''}`);
  }
}
