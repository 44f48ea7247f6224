import { SiteSettingsPanel } from '../features/site-settings/site-settings-form.tsx';
import { Permitted, useAllows } from '../ui/permitted.tsx';

export const meta = () => [{ title: 'Site settings · Croupier back office' }];

/** Restricted countries, sign-up, features, currencies and payment methods (issue 27); read-only for settings:read. */
export default function SiteSettings() {
  const allows = useAllows();
  return (
    <Permitted permission="settings:read">
      <header className="page-header">
        <h1>Site settings</h1>
      </header>
      <div className="settings">
        <SiteSettingsPanel editable={allows('settings:write')} />
      </div>
    </Permitted>
  );
}
