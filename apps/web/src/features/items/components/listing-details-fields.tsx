// The sell form's Details section: category, name and a description that grows with its text.
import { useLayoutEffect, useRef } from 'react';
import { ITEM_DESCRIPTION_MAX, ITEM_NAME_MAX, type Category } from '@keeb/shared';
import { SelectField, TextAreaField, TextField } from '../../../components/form-fields';
import styles from './listing-details-fields.module.css';

/** The inputs a rule of this section focuses. */
export const DETAILS_FIELD_IDS = {
  categoryId: 'listing-category',
  name: 'listing-name',
  description: 'listing-description',
} as const;

/** The listing form's Details section as typed. */
export interface DetailsDraft {
  categoryId: string;
  name: string;
  description: string;
}

interface ListingDetailsFieldsProps {
  draft: DetailsDraft;
  categories: readonly Pick<Category, '_id' | 'name'>[];
  /** A method, so the form's own setter over its whole draft fits (method parameters are compared both ways). */
  onChange<K extends keyof DetailsDraft>(field: K, value: DetailsDraft[K]): void;
  /** The rule's text for a field, when it is the one at fault. */
  fieldError: (field: string) => string | undefined;
}

/** Category, name and description (spec 2.8). */
export function ListingDetailsFields({ draft, categories, onChange, fieldError }: ListingDetailsFieldsProps) {
  const descriptionRef = useRef<HTMLTextAreaElement>(null);

  // Spec 2.8: the description starts at 4 rows and grows with its text.
  useLayoutEffect(() => {
    const textarea = descriptionRef.current;
    if (!textarea) return;
    // Empty, it is its 4 rows: no measuring, which forces a layout of the whole new form in the first render's commit.
    if (!draft.description) {
      textarea.style.height = '';
      return;
    }
    textarea.style.height = 'auto';
    const style = window.getComputedStyle(textarea);
    const border = (parseFloat(style.borderTopWidth) || 0) + (parseFloat(style.borderBottomWidth) || 0);
    if (textarea.scrollHeight > textarea.clientHeight) textarea.style.height = `${textarea.scrollHeight + border}px`;
    else textarea.style.height = '';
  }, [draft.description]);

  return (
    <>
      <SelectField
        id={DETAILS_FIELD_IDS.categoryId}
        label="Category"
        name="categoryId"
        placeholder="Select a category"
        options={categories.map((category) => ({ value: category._id, label: category.name }))}
        value={draft.categoryId}
        onChange={(event) => onChange('categoryId', event.target.value)}
        error={fieldError('categoryId')}
      />
      <TextField
        id={DETAILS_FIELD_IDS.name}
        label="Name"
        name="name"
        maxLength={ITEM_NAME_MAX}
        placeholder="What are you selling?"
        value={draft.name}
        onChange={(event) => onChange('name', event.target.value)}
        error={fieldError('name')}
      />
      <TextAreaField
        ref={descriptionRef}
        id={DETAILS_FIELD_IDS.description}
        label="Description"
        name="description"
        rows={4}
        maxLength={ITEM_DESCRIPTION_MAX}
        placeholder="Condition, what's included, anything a buyer should know"
        className={styles.description}
        value={draft.description}
        onChange={(event) => onChange('description', event.target.value)}
        error={fieldError('description')}
      />
    </>
  );
}
