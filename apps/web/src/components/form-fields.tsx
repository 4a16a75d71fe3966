import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import styles from './form-field.module.css';

interface FieldProps {
  label: ReactNode;
  /** The rule's text: shown under the field, linked with aria-describedby, and the field turns red. */
  error?: ReactNode;
  hint?: ReactNode;
  /** Something beside the label, such as a 'Forgot password?' link. */
  labelAside?: ReactNode;
  className?: string;
}

interface FieldIds {
  controlId: string;
  describedBy: string | undefined;
  invalid: true | undefined;
}

function useFieldIds(id: string | undefined, error: ReactNode, hint: ReactNode): FieldIds & { hintId: string; errorId: string } {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const hasError = error !== undefined && error !== null && error !== false;
  const describedBy = [hint ? hintId : null, hasError ? errorId : null].filter(Boolean).join(' ') || undefined;
  return { controlId, hintId, errorId, describedBy, invalid: hasError ? true : undefined };
}

function FieldShell({
  label,
  labelAside,
  error,
  hint,
  className,
  ids,
  children,
}: FieldProps & { ids: ReturnType<typeof useFieldIds>; children: ReactNode }) {
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <div className={styles.labelRow}>
        <label htmlFor={ids.controlId} className={styles.label}>
          {label}
        </label>
        {labelAside ? <span className={styles.aside}>{labelAside}</span> : null}
      </div>
      {children}
      {hint ? (
        <p id={ids.hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {ids.invalid ? (
        <p id={ids.errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

type TextFieldProps = FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & { ref?: Ref<HTMLInputElement> };

/** A labelled input with its error text. */
export function TextField({ label, error, hint, labelAside, className, id, ...inputProps }: TextFieldProps) {
  const ids = useFieldIds(id, error, hint);
  return (
    <FieldShell label={label} error={error} hint={hint} labelAside={labelAside} className={className} ids={ids}>
      <input
        type="text"
        {...inputProps}
        id={ids.controlId}
        className={styles.control}
        aria-invalid={ids.invalid}
        aria-describedby={ids.describedBy}
      />
    </FieldShell>
  );
}

type TextAreaFieldProps = FieldProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'> & { ref?: Ref<HTMLTextAreaElement> };

export function TextAreaField({ label, error, hint, labelAside, className, id, ...textareaProps }: TextAreaFieldProps) {
  const ids = useFieldIds(id, error, hint);
  return (
    <FieldShell label={label} error={error} hint={hint} labelAside={labelAside} className={className} ids={ids}>
      <textarea
        {...textareaProps}
        id={ids.controlId}
        className={styles.control}
        aria-invalid={ids.invalid}
        aria-describedby={ids.describedBy}
      />
    </FieldShell>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

type SelectFieldProps = FieldProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className' | 'children'> & {
    options: readonly SelectOption[];
    /** The empty first option ('Select shipping region'). */
    placeholder?: string;
    ref?: Ref<HTMLSelectElement>;
  };

export function SelectField({
  label,
  error,
  hint,
  labelAside,
  className,
  id,
  options,
  placeholder,
  ...selectProps
}: SelectFieldProps) {
  const ids = useFieldIds(id, error, hint);
  return (
    <FieldShell label={label} error={error} hint={hint} labelAside={labelAside} className={className} ids={ids}>
      <select
        {...selectProps}
        id={ids.controlId}
        className={styles.control}
        aria-invalid={ids.invalid}
        aria-describedby={ids.describedBy}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> & {
  label: ReactNode;
  description?: ReactNode;
  className?: string;
};

/** A checkbox with its label (and an optional line under it) as one click target. */
export function CheckboxField({ label, description, className, ...inputProps }: CheckboxFieldProps) {
  return (
    <label className={[styles.checkbox, className].filter(Boolean).join(' ')}>
      <input type="checkbox" {...inputProps} />
      <span className={styles.checkboxText}>
        <span className={styles.checkboxLabel}>{label}</span>
        {description ? <span className={styles.hint}>{description}</span> : null}
      </span>
    </label>
  );
}
