import { useId } from 'react';

interface Props extends React.InputHTMLAttributes<HTMLInputElement & HTMLTextAreaElement> {
  label: string;
  name: string;
  error?: string;
  hint?: string;
  multiline?: boolean;
}

/** A labelled input whose error is announced and tied to it by aria-describedby. */
export function Field({ label, name, error, hint, multiline, ...props }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error && errorId, hint && hintId].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    className: `input${error ? ' input--invalid' : ''}`,
    ...props,
  };
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {multiline ? <textarea rows={6} {...common} /> : <input {...common} />}
      {hint && !error && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
