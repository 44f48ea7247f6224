import type { Collection, Provider } from '@croupier/contracts';
import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { LocalLink } from '../../shared/i18n/link.tsx';
import type { ModalProps } from '../../shared/modals/types.ts';
import { useModals } from '../../shared/modals/use-modals.ts';
import { browserApi } from '../../shared/session/runtime.ts';
import { useSession } from '../../shared/session/session.ts';
import { Icon, type IconName } from '../../shared/ui/icons.tsx';
import { Skeleton } from '../../shared/ui/page.tsx';
import { visibleCollections, visibleProviders } from './query.ts';

function Message({
  titleId,
  icon = 'alert',
  title,
  text,
  children,
}: {
  titleId: string;
  icon?: IconName;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <div className="modal-message">
      <span className="modal-message__icon" aria-hidden="true">
        <Icon name={icon} size={32} />
      </span>
      <h2 id={titleId}>{title}</h2>
      <p>{text}</p>
      <div className="stack">{children}</div>
    </div>
  );
}

/** POST …/play answered 14100, 14101 or 14105: the limits page is the way forward (api-contract §1.4). */
export function GameLimitReachedModal({ close, titleId }: ModalProps) {
  const { t, href } = useI18n();
  const navigate = useNavigate();
  return (
    <Message titleId={titleId} title={t('alerts.gameLimitReached.title')} text={t('alerts.gameLimitReached.text')}>
      <button
        type="button"
        className="button button--primary button--block"
        onClick={() => navigate(href('/profile/limits'))}
      >
        {t('global-components.games.reviewLimits')}
      </button>
      <button type="button" className="button button--ghost button--block" onClick={close}>
        {t('global-components.common.close')}
      </button>
    </Message>
  );
}

/** POST …/play answered 14308: the game is not offered in the visitor's country. */
export function GeoRestrictedGameModal({ close, titleId }: ModalProps) {
  const { t, href } = useI18n();
  const navigate = useNavigate();
  return (
    <Message
      titleId={titleId}
      icon="globe"
      title={t('alerts.geoRestrictedGame.title')}
      text={t('alerts.geoRestrictedGame.text')}
    >
      <button type="button" className="button button--primary button--block" onClick={() => navigate(href('/main'))}>
        {t('global-components.games.backToLobby')}
      </button>
      <button type="button" className="button button--ghost button--block" onClick={close}>
        {t('global-components.common.close')}
      </button>
    </Message>
  );
}

/**
 * `?demo-game={identity}`: demo play explained; a guest is offered sign-in to play for real, a player
 * switches to real money on the game page.
 */
export function DemoGameModal({ close, titleId }: ModalProps) {
  const { t } = useI18n();
  const { isLoggedIn } = useSession();
  const modals = useModals();
  return (
    <Message
      titleId={titleId}
      icon="play"
      title={t('global-components.games.demoTitle')}
      text={t(isLoggedIn ? 'global-components.games.demoText' : 'global-components.games.demoTextGuest')}
    >
      {!isLoggedIn && (
        <button
          type="button"
          className="button button--primary button--block"
          onClick={() => modals.switchTo('demo-game', 'sign-in')}
        >
          {t('global-components.games.signInForReal')}
        </button>
      )}
      <button type="button" className="button button--ghost button--block" onClick={close}>
        {t('global-components.games.continueDemo')}
      </button>
    </Message>
  );
}

/**
 * `?mobile-game={identity}`: on a phone the game opens on its own page, full screen; this asks whether
 * to play for real or in demo before leaving the lobby.
 */
export function MobileGameModal({ type, close, titleId }: ModalProps) {
  const { t, href } = useI18n();
  const navigate = useNavigate();
  const { isLoggedIn } = useSession();
  const path = href(`/games/${encodeURIComponent(type)}`);
  return (
    <Message
      titleId={titleId}
      icon="play"
      title={t('global-components.games.mobileTitle')}
      text={t('global-components.games.mobileText')}
    >
      {isLoggedIn && (
        <button type="button" className="button button--primary button--block" onClick={() => navigate(path)}>
          {t('global-components.games.playReal')}
        </button>
      )}
      <button
        type="button"
        className="button button--ghost button--block"
        onClick={() => navigate(`${path}?mode=demo`)}
      >
        {t('global-components.games.playDemo')}
      </button>
      <button type="button" className="link-button" onClick={close}>
        {t('global-components.common.cancel')}
      </button>
    </Message>
  );
}

function useList<T>(load: () => Promise<T[]>) {
  const [items, setItems] = useState<T[] | null>(null);
  useEffect(() => {
    let live = true;
    // Failing to load yields an empty list (spec §8).
    load()
      .then((list) => live && setItems(list))
      .catch(() => live && setItems([]));
    return () => {
      live = false;
    };
  }, [load]);
  return items;
}

const loadCollections = () =>
  browserApi()
    .game.collections()
    .then((r) => r.data);
const loadProviders = () =>
  browserApi()
    .game.providers({ query: { sortBy: 'name', perPage: 100 } })
    .then((r) => r.data);

function PickerList({
  titleId,
  title,
  items,
  empty,
}: {
  titleId: string;
  title: string;
  items: { key: string; to: string; name: string; count?: number }[] | null;
  empty: string;
}) {
  return (
    <div className="picker">
      <h2 id={titleId}>{title}</h2>
      {items === null ? (
        <Skeleton lines={6} />
      ) : items.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="picker__list">
          {items.map((item) => (
            <li key={item.key}>
              <LocalLink to={item.to} className="picker__item">
                <span>{item.name}</span>
                {item.count !== undefined && <span className="badge badge--muted">{item.count}</span>}
              </LocalLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Every collection for the visitor's country; picking one opens its page. */
export function CategoriesModal({ titleId }: ModalProps) {
  const { t, root } = useI18n();
  const collections = useList<Collection>(loadCollections);
  const items =
    collections &&
    visibleCollections(collections, root.geo.country).map((c) => ({
      key: c.id,
      to: `/categories/${encodeURIComponent(c.identity)}`,
      name: c.name,
    }));
  return (
    <PickerList
      titleId={titleId}
      title={t('global-components.pages.categories')}
      items={items}
      empty={t('global-components.empty.categories')}
    />
  );
}

/** Every provider with enabled games and its count; picking one opens its games. */
export function ProvidersModal({ titleId }: ModalProps) {
  const { t } = useI18n();
  const providers = useList<Provider>(loadProviders);
  const items =
    providers &&
    visibleProviders(providers).map((p) => ({
      key: p.id,
      to: `/providers?provider=${encodeURIComponent(p.identity)}`,
      name: p.name,
      count: p.gameEnabledCount,
    }));
  return (
    <PickerList
      titleId={titleId}
      title={t('global-components.pages.providers')}
      items={items}
      empty={t('global-components.empty.providers')}
    />
  );
}
