import { type ReactNode, useId } from 'react';

interface Props extends Omit<React.InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  name: string;
  error?: string;
}

/** A checkbox with its label beside it; the error is announced and tied to it. */
export function CheckboxField({ label, name, error, ...props }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field field--checkbox">
      <div className="checkbox">
        <input
          id={id}
          name={name}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...props}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
