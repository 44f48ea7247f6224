import { type ChangeEvent, useRef } from 'react';
import { useT } from '../../shared/i18n/i18n.tsx';
import { ACCEPT_ATTRIBUTE } from './documents.ts';

/** A button that opens the file picker for one document type (JPEG, PNG or PDF). */
export function UploadButton({
  label,
  disabled,
  onFile,
}: {
  label: string;
  disabled?: boolean;
  onFile: (file: File) => void;
}) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.currentTarget.files?.[0];
    // Cleared so the same file can be chosen again after a failure.
    e.currentTarget.value = '';
    if (file) onFile(file);
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={ACCEPT_ATTRIBUTE}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={onChange}
      />
      <button
        type="button"
        className="button button--ghost document-type__upload"
        disabled={disabled}
        onClick={() => input.current?.click()}
        aria-label={t('global-components.documents.uploadNamed', { type: label })}
      >
        {t('global-components.documents.upload')}
      </button>
    </>
  );
}
