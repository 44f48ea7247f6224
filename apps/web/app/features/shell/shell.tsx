import { type ReactNode, useState } from 'react';
import { useT } from '../../shared/i18n/i18n.tsx';
import { ModalHost } from '../../shared/modals/modal-host.tsx';
import { ToastProvider } from '../../shared/toasts/toast-provider.tsx';
import { MessengerProvider } from '../notifications/index.ts';
import { WalletProvider } from '../wallet/index.ts';
import { DemoRibbon } from './demo-ribbon.tsx';
import { Drawer } from './drawer.tsx';
import { FlashNotice } from './flash-notice.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { LiveLayer } from './live-layer.tsx';
import { Preloader } from './preloader.tsx';
import { QueryFlags } from './query-flags.tsx';
import { UpdateBanner } from './update-banner.tsx';

/** The page frame: header, side drawer, content, footer, and the layers above them. */
export function Shell({ children }: { children: ReactNode }) {
  const t = useT();
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <ToastProvider>
      <MessengerProvider>
        <WalletProvider>
          <div className="app">
            <a className="skip-link" href="#main">
              {t('global-components.common.skipToContent')}
            </a>
            <Preloader />
            <DemoRibbon />
            <Header drawerOpen={drawerOpen} onToggleDrawer={() => setDrawerOpen((v) => !v)} />
            <div className="app__body">
              <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
              <div className="app__content">
                <main id="main" tabIndex={-1}>
                  <FlashNotice />
                  {children}
                </main>
                <Footer />
              </div>
            </div>
            <ModalHost />
            <UpdateBanner />
            <QueryFlags />
            <LiveLayer />
          </div>
        </WalletProvider>
      </MessengerProvider>
    </ToastProvider>
  );
}
