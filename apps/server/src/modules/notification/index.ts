// The notification module as other modules see it: call `notify` inside your own transaction.

export type { MessageParam, MessageParams } from './messenger/render.ts';
export { type Notification, notify } from './messenger/service.ts';
export type { MessageLink, MessageTemplate } from './messenger/texts.ts';
