// The notification module as other modules see it: call `notify` inside your own transaction. The app builds
// the messenger (how e-mail and SMS leave) and registers the routes from here too, the live-chat identity's
// among them (integrations/, decision 0098).

export { integrationRoutes } from './integrations/routes.ts';
export {
  createMessenger,
  devMailboxEnabled,
  type Messenger,
  type MessengerOptions,
  type OutboundEmail,
  type OutboundSms,
} from './messaging/index.ts';
export type { MessageParam, MessageParams } from './messenger/render.ts';
export { type Notification, notify } from './messenger/service.ts';
export type { MessageLink, MessageTemplate } from './messenger/texts.ts';
export { notificationRoutes } from './routes.ts';
