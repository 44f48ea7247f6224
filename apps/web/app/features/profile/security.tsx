import { PasswordChange } from './password-change.tsx';
import { SessionsList } from './sessions-list.tsx';

/** /profile/security: sessions and password change. */
export function ProfileSecurity() {
  return (
    <div className="stack">
      <SessionsList />
      <PasswordChange />
    </div>
  );
}
