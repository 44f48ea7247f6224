import { Icon } from './icons.tsx';

interface Props {
  tone: 'success' | 'error' | 'info';
  title?: string;
  text: string;
}

/**
 * An inline message (the toast system is a later issue). Errors are announced assertively
 * (role=alert), successes and information politely (role=status).
 */
export function Alert({ tone, title, text }: Props) {
  return (
    <div className={`notice notice--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <Icon name={tone === 'error' ? 'alert' : 'check'} />
      <div>
        {title && <p className="notice__title">{title}</p>}
        <p>{text}</p>
      </div>
    </div>
  );
}
