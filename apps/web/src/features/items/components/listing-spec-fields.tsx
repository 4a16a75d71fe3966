import type { ReactNode } from 'react';
import { SPEC_QUANTITY_MAX, SPEC_TEXT_MAX, type SpecField, type SpecKey } from '@keeb/shared';
import { SelectField, TextField } from '../../../components/form-fields';
import fieldStyles from '../../../components/form-field.module.css';
import { specFieldsFor, type SpecDraft } from '../../../lib/specs';
import styles from './listing-spec-fields.module.css';

/** The input of a spec (the first box of a group): where a refusal of `specs.<key>` puts the focus. */
export const specFieldId = (key: string) => `listing-spec-${key}`;

interface ListingSpecFieldsProps {
  categoryId: string;
  draft: SpecDraft;
  onChange: (key: SpecKey, value: string | string[]) => void;
  /** The refusal of `specs.<key>`, if any. */
  fieldError: (field: string) => string | undefined;
}

/**
 * The sell form's Specs (issue 29): the fields of the chosen category, each optional. A choice is a select whose
 * empty option is 'Not specified'; several values are a group of boxes; yes-or-no is three radios; a quantity a
 * number; makers and colorways short texts. Labels and values are the shared lists'.
 */
export function ListingSpecFields({ categoryId, draft, onChange, fieldError }: ListingSpecFieldsProps) {
  const kind = typeof draft.kind === 'string' ? draft.kind : undefined;
  const fields = specFieldsFor(categoryId, kind);
  if (fields.length === 0) return <p className={styles.hint}>Choose a category to describe what you are selling.</p>;
  return (
    <div className={styles.grid}>
      {fields.map((field) => (
        <SpecInput key={field.key} field={field} value={draft[field.key]} onChange={(value) => onChange(field.key, value)} error={fieldError(`specs.${field.key}`)} />
      ))}
    </div>
  );
}

interface SpecInputProps {
  field: SpecField;
  value: string | string[] | undefined;
  onChange: (value: string | string[]) => void;
  error: string | undefined;
}

function SpecInput({ field, value, onChange, error }: SpecInputProps) {
  const id = specFieldId(field.key);
  const text = typeof value === 'string' ? value : '';
  switch (field.kind) {
    case 'choice':
      return (
        <SelectField
          id={id}
          label={field.label}
          name={`specs.${field.key}`}
          placeholder="Not specified"
          options={field.choices ?? []}
          value={text}
          onChange={(event) => onChange(event.target.value)}
          error={error}
        />
      );
    case 'count':
      return (
        <TextField
          id={id}
          label={field.label}
          name={`specs.${field.key}`}
          inputMode="numeric"
          maxLength={String(SPEC_QUANTITY_MAX).length}
          placeholder="Not specified"
          value={text}
          onChange={(event) => onChange(event.target.value)}
          error={error}
        />
      );
    case 'text':
      return (
        <TextField
          id={id}
          label={field.label}
          name={`specs.${field.key}`}
          maxLength={SPEC_TEXT_MAX}
          placeholder="Not specified"
          value={text}
          onChange={(event) => onChange(event.target.value)}
          error={error}
        />
      );
    case 'multi': {
      const ticked = Array.isArray(value) ? value : [];
      return (
        <SpecGroup id={id} field={field} error={error} wide>
          {(field.choices ?? []).map((choice, index) => (
            <label key={choice.value} className={styles.option}>
              <input
                id={index === 0 ? id : undefined}
                type="checkbox"
                name={`specs.${field.key}`}
                value={choice.value}
                checked={ticked.includes(choice.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(event) => onChange(event.target.checked ? [...ticked, choice.value] : ticked.filter((v) => v !== choice.value))}
              />
              {choice.label}
            </label>
          ))}
        </SpecGroup>
      );
    }
    case 'flag':
      return (
        <SpecGroup id={id} field={field} error={error}>
          {[
            { value: '', label: 'Not specified' },
            { value: 'true', label: 'Yes' },
            { value: 'false', label: 'No' },
          ].map((choice, index) => (
            <label key={choice.value || 'unset'} className={styles.option}>
              <input
                id={index === 0 ? id : undefined}
                type="radio"
                name={`specs.${field.key}`}
                value={choice.value}
                checked={text === choice.value}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={() => onChange(choice.value)}
              />
              {choice.label}
            </label>
          ))}
        </SpecGroup>
      );
  }
}

function SpecGroup({ id, field, error, wide = false, children }: { id: string; field: SpecField; error: string | undefined; wide?: boolean; children: ReactNode }) {
  return (
    <fieldset className={[styles.group, wide ? styles.wide : ''].filter(Boolean).join(' ')} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className={fieldStyles.label}>{field.label}</legend>
      <div className={styles.options}>{children}</div>
      {error ? (
        <p id={`${id}-error`} className={fieldStyles.error}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
