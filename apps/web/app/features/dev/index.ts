// What the dev mailbox route uses of the development tools; it imports it from here only (decision 0100).
export { MAILBOX_LIMIT, newestFirst } from './mailbox.ts';
export { MessageCard } from './message-card.tsx';
