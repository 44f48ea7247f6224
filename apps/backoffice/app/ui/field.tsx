import { type ReactNode, useId } from 'react';

export interface ControlProps {
  id: string;
  name: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A labelled form control with its hint and its error (a 422's `fields[name]`) tied to it, so a screen reader
 * reads the label, the hint and the error together.
 */
export function Field({
  label,
  name,
  error,
  hint,
  children,
}: {
  label: string;
  name: string;
  error?: string | undefined;
  hint?: string;
  children: (props: ControlProps) => ReactNode;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, name, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

/** Every staff change carries a reason of 3 to 500 characters (backoffice-api.md §1). */
export function ReasonField({ error, optional = false }: { error?: string | undefined; optional?: boolean }) {
  return (
    <Field
      label={optional ? 'Reason (optional)' : 'Reason'}
      name="reason"
      error={error}
      hint="Kept in the audit log with the change."
    >
      {(props) => <textarea {...props} rows={2} required={!optional} minLength={3} maxLength={500} />}
    </Field>
  );
}

/** A message for the whole form (a refusal that names no field). */
export function FormMessage({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p className="form-message" role="alert">
      {children}
    </p>
  );
}
