import { useId, useState, type FormEvent } from 'react';
import { checkWantSpecs, WANT_LIMITS, WantInputSchema, type SpecKey, type Want, type WantInput } from '@keeb/shared';
import { Button } from '../../../components/button';
import { FormBanner } from '../../../components/form-banner';
import { TextField } from '../../../components/form-fields';
import { Modal } from '../../../components/modal';
import { PriceField } from '../../../components/price-field';
import { priceInputError } from '../../../lib/price-input';
import { useFormError } from '../../../lib/use-form-error';
import { validate } from '../../../lib/validation';
import { useCreateWant } from '../api/create-want';
import { useUpdateWant } from '../api/update-want';
import { TEXTS, wantErrorText } from '../messages';
import { useFilterChoiceLists } from '../../../lib/reference/filter-choices';
import { specErrorText, specValuesFor, type SpecValues } from '../../../lib/specs';
import { WantSpecFields, wantSpecCategory, wantSpecTextsOf, wantSpecTextValues, type WantSpecTexts } from './want-spec-fields';
import styles from './want-form-modal.module.css';

/** What the form starts from: a saved want (editing), or the feed's current search (saving it). */
export interface WantDraft {
  searchText: string;
  categoryIds: readonly string[];
  regions: readonly string[];
  maxPrice: number | null;
  saleTypeId: string | null;
  /** Issue 29: for each spec, the values any of which will do (the feed's spec filters when saving a search). */
  specs?: SpecValues;
}

interface WantFormModalProps {
  open: boolean;
  onClose: () => void;
  /** Editing this want; without it the form adds a new one. */
  want?: Want;
  /** The new want's starting values (the feed's search and filters). */
  initial?: WantDraft;
  onSaved?: (want: Want) => void;
}

/** Add or edit a want: keywords, categories, ships-to regions, maximum price with shipping, sale type. */
export function WantFormModal({ open, onClose, want, initial, onSaved }: WantFormModalProps) {
  return (
    <Modal open={open} onClose={onClose} title={want ? TEXTS.editWant : TEXTS.newWant}>
      {open ? <WantForm want={want} initial={want ?? initial} onClose={onClose} onSaved={onSaved} /> : null}
    </Modal>
  );
}

const toggle = (ids: readonly string[], id: string, on: boolean) => (on ? [...ids, id] : ids.filter((other) => other !== id));

function WantForm({ want, initial, onClose, onSaved }: Omit<WantFormModalProps, 'open' | 'initial'> & { initial: WantDraft | undefined }) {
  const choices = useFilterChoiceLists();
  const create = useCreateWant();
  const update = useUpdateWant();
  const form = useFormError();
  const priceId = useId();
  const [searchText, setSearchText] = useState(initial?.searchText ?? '');
  const [categoryIds, setCategoryIds] = useState<readonly string[]>(initial?.categoryIds ?? []);
  const [regions, setRegions] = useState<readonly string[]>(initial?.regions ?? []);
  const [price, setPrice] = useState(initial?.maxPrice == null ? '' : String(initial.maxPrice));
  const [priceError, setPriceError] = useState<string | null>(null);
  const [saleTypeId, setSaleTypeId] = useState(initial?.saleTypeId ?? '');
  const [specs, setSpecs] = useState<SpecValues>(initial?.specs ?? {});
  const [specTexts, setSpecTexts] = useState<WantSpecTexts>(() => wantSpecTextsOf(initial?.categoryIds ?? [], initial?.specs));
  const pending = create.isPending || update.isPending;

  const showError = (error: { field?: 'searchText' | 'maxPrice'; message: string }) => {
    if (error.field === 'maxPrice') {
      form.clearError();
      setPriceError(error.message);
      document.getElementById(priceId)?.focus();
    } else {
      form.setError(error);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setPriceError(null);
    // The listed values ticked and the texts typed, only those of the category offered now.
    const chosenSpecs = specValuesFor(wantSpecCategory(categoryIds), { ...specs, ...wantSpecTextValues(specTexts) });
    const specCheck = checkWantSpecs(categoryIds, chosenSpecs);
    if ('problem' in specCheck) {
      showError({ message: specErrorText(specCheck.problem[0], specCheck.problem[1]) });
      return;
    }
    const result = validate(WantInputSchema, {
      searchText,
      categoryIds: [...categoryIds],
      regions: [...regions],
      maxPrice: price,
      saleTypeId: saleTypeId || null,
      specs: specCheck.specs,
    });
    if (!result.ok) {
      showError(
        result.field === 'maxPrice'
          ? { field: 'maxPrice', message: priceInputError(TEXTS.priceLabel, price) ?? `${TEXTS.priceLabel} must be a number` }
          : result.field === 'searchText'
            ? { field: 'searchText', message: TEXTS.keywordsTooLong }
            : { message: TEXTS.invalidFilter },
      );
      return;
    }
    const input: WantInput = result.data;
    // The server's rule too (field_required): a want with neither words nor a category would match everything.
    if (!result.data.searchText && result.data.categoryIds.length === 0) {
      showError({ field: 'searchText', message: TEXTS.requiredKeywords });
      return;
    }
    form.clearError();
    const handlers = {
      onSuccess: (saved: Want) => {
        onSaved?.(saved);
        onClose();
      },
      onError: (error: unknown) => showError(wantErrorText(error)),
    };
    if (want) update.mutate({ id: want._id, update: input }, handlers);
    else create.mutate(input, handlers);
  };

  return (
    <form ref={form.formRef} className={styles.form} onSubmit={onSubmit} onChange={form.onFormChange} noValidate>
      {form.bannerError ? <FormBanner tone="error">{form.bannerError}</FormBanner> : null}
      <TextField
        label="Keywords"
        name="searchText"
        maxLength={WANT_LIMITS.searchTextMax}
        hint="The words a listing must contain, as in the search box."
        value={searchText}
        onChange={(event) => setSearchText(event.target.value)}
        error={form.fieldError('searchText')}
      />
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Categories</legend>
        <div className={styles.options}>
          {choices.categories.map((category) => (
            <label key={category._id} className={styles.option}>
              <input
                type="checkbox"
                name="categoryIds"
                value={category._id}
                checked={categoryIds.includes(category._id)}
                onChange={(event) => {
                  const next = toggle(categoryIds, category._id, event.target.checked);
                  setCategoryIds(next);
                  // Another category takes with it the specs that are not its own.
                  setSpecs((current) => specValuesFor(wantSpecCategory(next), current));
                  setSpecTexts((current) => wantSpecTextsOf(next, wantSpecTextValues(current)));
                  // A category answers 'keywords or a category' as well as words do.
                  if (form.fieldError('searchText')) form.clearError();
                }}
              />
              {category.name}
            </label>
          ))}
        </div>
      </fieldset>
      <WantSpecFields
        categoryIds={categoryIds}
        value={specs}
        onChange={setSpecs}
        texts={specTexts}
        onTextChange={(key: SpecKey, text: string) => setSpecTexts((current) => ({ ...current, [key]: text }))}
      />
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Ships to</legend>
        <div className={styles.options}>
          {choices.regions.map((region) => (
            <label key={region.code} className={styles.option}>
              <input
                type="checkbox"
                name="regions"
                value={region.code}
                checked={regions.includes(region.code)}
                onChange={(event) => setRegions(toggle(regions, region.code, event.target.checked))}
              />
              {region.name}
            </label>
          ))}
        </div>
      </fieldset>
      <PriceField
        id={priceId}
        label="Maximum price, shipping included"
        hint="The item's price plus shipping to your region. Leave empty for any price."
        field={{
          value: price,
          error: priceError,
          change: (text) => {
            setPrice(text);
            setPriceError(null);
          },
        }}
      />
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Sale type</legend>
        <div className={styles.options}>
          {[{ _id: '', name: 'Any' }, ...choices.saleTypes].map((saleType) => (
            <label key={saleType._id || 'any'} className={styles.option}>
              <input
                type="radio"
                name="saleTypeId"
                value={saleType._id}
                checked={saleTypeId === saleType._id}
                onChange={() => setSaleTypeId(saleType._id)}
              />
              {saleType.name}
            </label>
          ))}
        </div>
      </fieldset>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" pending={pending}>
          {want ? TEXTS.saveChanges : TEXTS.saveWant}
        </Button>
      </div>
    </form>
  );
}
