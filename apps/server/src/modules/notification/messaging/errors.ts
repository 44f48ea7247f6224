/**
 * A message could not be handed over. Thrown to the caller, who decides (retry, tell the player, give up).
 * `status` and `code` are the provider's when it answered (HTTP status, Twilio error code, SMTP reply code).
 */
export class MessagingError extends Error {
  override readonly name = 'MessagingError';
  readonly channel: 'email' | 'sms';
  readonly provider: 'smtp' | 'twilio' | 'mailbox';
  readonly status: number | undefined;
  readonly code: number | string | undefined;

  constructor(
    message: string,
    details: {
      channel: 'email' | 'sms';
      provider: 'smtp' | 'twilio' | 'mailbox';
      status?: number;
      code?: number | string;
      cause?: unknown;
    },
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.channel = details.channel;
    this.provider = details.provider;
    this.status = details.status;
    this.code = details.code;
  }
}
