import { specFieldsOf, type SpecKey } from '@keeb/shared';
import { TextField } from '../../../components/form-fields';
import { SpecValueGroup } from '../../../components/spec-value-group';
import { specFilterChoices, type SpecValues } from '../../../lib/specs';

/**
 * The category whose specs a want offers (issue 29): its one category's; with none or several, only what every
 * category shares (condition), since one list of sizes or profiles would not fit them all.
 */
export const wantSpecCategory = (categoryIds: readonly string[]) => (categoryIds.length === 1 ? categoryIds[0]! : '*');

/** The texts typed for free-text and quantity specs, kept as typed until the want is saved. */
export type WantSpecTexts = Partial<Record<SpecKey, string>>;

interface WantSpecFieldsProps {
  categoryIds: readonly string[];
  value: SpecValues;
  onChange: (value: SpecValues) => void;
  texts: WantSpecTexts;
  onTextChange: (key: SpecKey, text: string) => void;
}

/** A want's specs: several values of a key may be ticked (any will do); makers and quantities typed, commas between. */
export function WantSpecFields({ categoryIds, value, onChange, texts, onTextChange }: WantSpecFieldsProps) {
  return (
    <>
      {specFieldsOf(wantSpecCategory(categoryIds)).map((field) => {
        const listed = specFilterChoices(field);
        if (!listed) {
          return (
            <TextField
              key={field.key}
              label={field.label}
              name={`specs.${field.key}`}
              hint="Any of them will do: separate several with commas."
              value={texts[field.key] ?? ''}
              onChange={(event) => onTextChange(field.key, event.target.value)}
            />
          );
        }
        return (
          <SpecValueGroup
            key={field.key}
            field={field}
            values={listed}
            selected={value[field.key] ?? []}
            onChange={(selected) => onChange({ ...value, [field.key]: selected })}
          />
        );
      })}
    </>
  );
}

/** The typed texts as values: split at commas, trimmed, blanks dropped. */
export function wantSpecTextValues(texts: WantSpecTexts): SpecValues {
  const values: SpecValues = {};
  for (const [key, text] of Object.entries(texts)) {
    const list = (text ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
    if (list.length > 0) values[key as SpecKey] = [...new Set(list)];
  }
  return values;
}

/** A want's stored texts for its free-text and quantity specs, as the form shows them. */
export function wantSpecTextsOf(categoryIds: readonly string[], specs: SpecValues | undefined): WantSpecTexts {
  const texts: WantSpecTexts = {};
  for (const field of specFieldsOf(wantSpecCategory(categoryIds))) {
    const list = specs?.[field.key];
    if (!specFilterChoices(field) && list && list.length > 0) texts[field.key] = list.join(', ');
  }
  return texts;
}
