import type { ReactNode } from 'react';
import { Icon, type IconName } from '../../shared/ui/icons.tsx';

/** The limits modals' frame: an icon, the title the dialog is labelled by, then the body. */
export function LimitFrame({
  titleId,
  title,
  icon = 'info',
  children,
}: {
  titleId: string;
  title: string;
  icon?: IconName;
  children: ReactNode;
}) {
  return (
    <div className="modal-message limit-modal">
      <span className="modal-message__icon" aria-hidden="true">
        <Icon name={icon} size={32} />
      </span>
      <h2 id={titleId}>{title}</h2>
      {children}
    </div>
  );
}
