/**
 * How the product reaches a person outside the site. Modules send through this port only; which
 * adapter delivers (the development mailbox, SMTP, an SMS provider) is configuration.
 */
export interface OutboundEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface OutboundSms {
  /** Digits only, country code first (api-contract §1.5). */
  to: string;
  text: string;
}

export interface Messenger {
  sendEmail(message: OutboundEmail): Promise<void>;
  sendSms(message: OutboundSms): Promise<void>;
}
