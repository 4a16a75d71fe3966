import { useState } from 'react';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { countSpecValues, specValuesFor } from '../../../lib/specs';
import type { FacetQuery } from '../api/item-facets';
import { NO_FILTERS, type ListFilters } from '../api/list-preferences';
import { specCategoryOf } from '../api/list-scope';
import { SpecFilterGroups } from './spec-filter-groups';
import styles from './list-toolbar.module.css';

export interface FilterChoices {
  /** Omitted where the route decides the category (/items/{id}). */
  categories?: readonly { _id: string; name: string }[];
  regions: readonly { code: string; name: string }[];
  /** Omitted where the route decides the sale type (/vendor/products). */
  saleTypes?: readonly { _id: string; name: string }[];
  /** The 'Open to trades' box (issue 28), where the list offers it (the feed). */
  openToTrades?: boolean;
  /** The route's category (/items/{id}), whose specs are offered; elsewhere the one category ticked decides. */
  categoryId?: string | undefined;
}

interface FiltersModalProps {
  open: boolean;
  onClose: () => void;
  value: ListFilters;
  choices: FilterChoices;
  onApply: (filters: ListFilters) => void;
  /**
   * The feed's query for a draft (issue 29): given, the specs of the category in effect are offered, each value
   * with its count for the draft as it stands (GET /items/facets).
   */
  facetQueryOf?: ((draft: ListFilters) => FacetQuery) | undefined;
}

const toggle = (ids: readonly string[], id: string, on: boolean) => (on ? [...ids, id] : ids.filter((other) => other !== id));

/**
 * Spec 2.3's Filters modal. The boxes change a draft; Show Items applies it and closes, Clear Filters unchecks
 * everything in the draft, and closing any other way (Escape, the close button, the backdrop) drops the draft.
 */
export function FiltersModal({ open, onClose, value, choices, onApply, facetQueryOf }: FiltersModalProps) {
  return (
    <Modal open={open} onClose={onClose} title="Filters">
      {open ? <FiltersForm value={value} choices={choices} onApply={onApply} facetQueryOf={facetQueryOf} /> : null}
    </Modal>
  );
}

/** The ticked categories that are offered, in the choices' order. */
const shownCategories = (draft: ListFilters, choices: FilterChoices) =>
  choices.categories?.filter((category) => draft.categories.includes(category._id)).map((category) => category._id) ?? [];

/** The category whose specs the draft offers: the route's, else the one ticked (none with several). */
const draftSpecCategory = (draft: ListFilters, choices: FilterChoices) =>
  specCategoryOf({ categoryId: choices.categoryId }, shownCategories(draft, choices));

/** The draft's filters that this modal shows and that name a known choice (what Show Items would enable). */
function countShown(draft: ListFilters, choices: FilterChoices, specsOffered: boolean): number {
  const categories = shownCategories(draft, choices).length;
  const regions = choices.regions.filter((region) => draft.regions.includes(region.code)).length;
  const saleType = choices.saleTypes?.some((saleType) => saleType._id === draft.saleType) ? 1 : 0;
  const trades = choices.openToTrades && draft.openToTrades ? 1 : 0;
  const specs = specsOffered ? countSpecValues(specValuesFor(draftSpecCategory(draft, choices), draft.specs)) : 0;
  return categories + regions + saleType + trades + specs;
}

const enabledText = (n: number) => (n === 0 ? 'No filters enabled' : `${n} ${n === 1 ? 'filter' : 'filters'} enabled`);

function FiltersForm({ value, choices, onApply, facetQueryOf }: Pick<FiltersModalProps, 'value' | 'choices' | 'onApply' | 'facetQueryOf'>) {
  const [draft, setDraft] = useState<ListFilters>(value);
  const enabled = countShown(draft, choices, facetQueryOf !== undefined);
  const specCategory = facetQueryOf ? draftSpecCategory(draft, choices) : undefined;
  const setCategories = (categories: string[]) => {
    const next = { ...draft, categories };
    // Another category (or several) takes with it the specs that are not its own.
    setDraft({ ...next, specs: specValuesFor(draftSpecCategory(next, choices), draft.specs) });
  };
  return (
    <form
      className={styles.filters}
      onSubmit={(event) => {
        event.preventDefault();
        onApply(draft);
      }}
    >
      {choices.categories ? (
        <fieldset className={styles.group}>
          <legend className={styles.legend}>Category</legend>
          <div className={styles.options}>
            {choices.categories.map((category) => (
              <label key={category._id} className={styles.option}>
                <input
                  type="checkbox"
                  checked={draft.categories.includes(category._id)}
                  onChange={(event) => setCategories(toggle(draft.categories, category._id, event.target.checked))}
                />
                {category.name}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {specCategory && facetQueryOf ? (
        <SpecFilterGroups
          categoryId={specCategory}
          value={draft.specs ?? {}}
          onChange={(specs) => setDraft({ ...draft, specs })}
          query={facetQueryOf({ ...draft, specs: specValuesFor(specCategory, draft.specs) })}
        />
      ) : null}
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Ships To</legend>
        <div className={styles.options}>
          {choices.regions.map((region) => (
            <label key={region.code} className={styles.option}>
              <input
                type="checkbox"
                checked={draft.regions.includes(region.code)}
                onChange={(event) => setDraft({ ...draft, regions: toggle(draft.regions, region.code, event.target.checked) })}
              />
              {region.name}
            </label>
          ))}
        </div>
      </fieldset>
      {choices.saleTypes ? (
        <fieldset className={styles.group}>
          <legend className={styles.legend}>Sale Type</legend>
          <div className={styles.options}>
            {[{ _id: '', name: 'Any' }, ...choices.saleTypes].map((saleType) => (
              <label key={saleType._id || 'any'} className={styles.option}>
                <input
                  type="radio"
                  name="saleType"
                  checked={(draft.saleType ?? '') === saleType._id}
                  onChange={() => setDraft({ ...draft, saleType: saleType._id || null })}
                />
                {saleType.name}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {choices.openToTrades ? (
        <fieldset className={styles.group}>
          <legend className={styles.legend}>Trades</legend>
          <div className={styles.options}>
            <label className={styles.option}>
              <input
                type="checkbox"
                name="openToTrades"
                checked={draft.openToTrades === true}
                onChange={(event) => setDraft({ ...draft, openToTrades: event.target.checked })}
              />
              Open to trades
            </label>
          </div>
        </fieldset>
      ) : null}
      <div className={styles.filterActions}>
        {/* Spec 2.3: "a count of enabled filters", kept up to date while boxes are ticked. */}
        <p role="status" className={styles.filterCount}>
          {enabled > 0 ? <span className={styles.count}>{enabled}</span> : null}
          {enabledText(enabled)}
        </p>
        <Button
          variant="secondary"
          onClick={() =>
            // Only the groups shown here: a group the route decides keeps what the viewer chose elsewhere.
            setDraft({
              categories: choices.categories ? NO_FILTERS.categories : draft.categories,
              regions: NO_FILTERS.regions,
              saleType: choices.saleTypes ? NO_FILTERS.saleType : draft.saleType,
              openToTrades: false,
              specs: {},
            })
          }
        >
          Clear Filters
        </Button>
        <Button type="submit">Show Items</Button>
      </div>
    </form>
  );
}
