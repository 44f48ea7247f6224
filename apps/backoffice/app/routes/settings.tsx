import { KycSettingsForm } from '../features/settings/kyc-settings.tsx';
import { WithdrawalSettingsForm } from '../features/settings/withdrawal-settings.tsx';
import { Permitted, useAllows } from '../ui/permitted.tsx';

export const meta = () => [{ title: 'Settings · Croupier back office' }];

/** The operating settings (§6, §9): each form saves on its own with a reason; read-only for settings:read. */
export default function Settings() {
  const allows = useAllows();
  return (
    <Permitted permission="settings:read">
      <header className="page-header">
        <h1>Settings</h1>
      </header>
      <div className="settings">
        <WithdrawalSettingsForm editable={allows('settings:write')} />
        <KycSettingsForm editable={allows('settings:write')} />
      </div>
    </Permitted>
  );
}
