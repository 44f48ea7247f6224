import { FAMILY_ONLY, FAMILY_WILDCARD } from '@croupier/contracts';
import { countries } from '@croupier/contracts/reference/index';
import type { OutboxMessage, Publisher } from '../../outbox/index.ts';
import type { RealtimeHub } from './hub.ts';
import { isStaffChannel } from './staff.ts';

/** Single-process fan-out: committed outbox events go straight to this process's sockets. */
export class HubPublisher implements Publisher {
  constructor(private readonly hub: RealtimeHub) {}

  async publish(message: OutboxMessage): Promise<void> {
    this.hub.deliverEvent(String(message.id), message.channel, message.data);
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
  private readonly api: string;

  constructor(private readonly options: CentrifugoOptions) {
    this.api = `${options.apiUrl.replace(/\/+$/, '')}/api`;
  }

  async publish(message: OutboxMessage): Promise<void> {
    // Only the built-in endpoint serves the staff channels (decision 0110): Centrifugo cannot read the
    // back-office cookie, and would refuse a namespace it does not know, holding the event back for ever.
    // Nor `system:` ones (configuration changes, decision 0122): no client subscribes to them.
    if (isStaffChannel(message.channel) || message.channel.startsWith('system:')) return;
    // A family publication (`game:winners:desktop:*`) is one broadcast to each country's channel.
    const family = message.channel.endsWith(FAMILY_WILDCARD) ? message.channel.slice(0, -1) : null;
    // Centrifugo drops a publication whose idempotency key it saw in the last 5 minutes: the outbox's repeat of a
    // page whose delete did not commit reaches no client twice.
    const idempotency_key = `outbox-${message.id}`;
    let body: object = { channel: message.channel, data: message.data, idempotency_key };
    if (family) {
      const { [FAMILY_ONLY]: only, ...data } = (message.data ?? {}) as Record<string, unknown>;
      const codes = Array.isArray(only) ? only.map(String) : countries.map((c) => c.code);
      body = { channels: codes.map((code) => family + code), data, idempotency_key };
    }
    const response = await fetch(`${this.api}/${family ? 'broadcast' : 'publish'}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': this.options.apiKey },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 5000),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`Centrifugo publish answered ${response.status}: ${text.slice(0, 200)}`);
    // Centrifugo reports API errors in a 200 body: {"error":{"code":…,"message":…}}.
    let answer: { error?: { code?: number; message?: string } } = {};
    try {
      answer = text ? JSON.parse(text) : {};
    } catch {
      throw new Error(`Centrifugo publish answered a body that is not JSON: ${text.slice(0, 200)}`);
    }
    if (answer.error) throw new Error(`Centrifugo publish failed: ${answer.error.code} ${answer.error.message ?? ''}`);
  }
}
