// What routes and other features use of notifications; they import it from here only (issue 15, decision 0100).
export { MessengerProvider, type MessengerValue, useMessenger } from './messenger-context.tsx';
export { MessengerLiveUpdates } from './messenger-live.tsx';
export { NotificationBell } from './notification-bell.tsx';
export { NotificationsPage } from './notifications-page.tsx';
