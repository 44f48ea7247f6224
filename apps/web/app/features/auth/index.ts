// What the routes use of auth; they import it from here only (decision 0100). The modals (*-modal.tsx) are
// not here: app/modal-registry.ts loads them lazily, and a re-export would bring them into the eager bundle.
export { autologin, safeRedirectPath } from './autologin.ts';
export {
  backRouteOf,
  CONNECTION_NAME,
  callbackQuery,
  isCancelled,
  SOCIAL_EMAIL_HINT,
  socialFailureOf,
  withParam,
} from './social.ts';
export { completeSocialLogin } from './social-login.ts';
export { telegramFields } from './telegram.ts';
