import { PasswordScreen } from '../features/password/password-screen.tsx';

export const meta = () => [{ title: 'Change password · Croupier back office' }];

/** The staff member's own password, from the account menu (decision 0111). */
export default function Password() {
  return <PasswordScreen forced={false} />;
}
