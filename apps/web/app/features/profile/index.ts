// What the profile route uses of the profile; it imports it from here only (decision 0100). The confirmed
// modal (profile-confirmed-modal.tsx) is loaded lazily by app/modal-registry.ts, so it is not re-exported.
export { ProfileInfo } from './info.tsx';
export { ProfileSecurity } from './security.tsx';
