import { LIST_FILTER_LIMITS, specFieldsOf, type SpecField } from '@keeb/shared';
import { SpecValueGroup } from '../../../components/spec-value-group';
import { specFilterChoices, type SpecValues } from '../../../lib/specs';
import { useItemFacets, type FacetQuery } from '../api/item-facets';

interface SpecFilterGroupsProps {
  categoryId: string;
  value: SpecValues;
  onChange: (value: SpecValues) => void;
  /** The feed's query for the draft as it stands: the counts are asked for it, again at every change. */
  query: FacetQuery;
}

/**
 * The filters modal's specs (issue 29): a group per spec of the category, each value with its count of listings
 * matching the rest of the draft. A free text or a quantity offers the values the counts name (the most common).
 */
export function SpecFilterGroups({ categoryId, value, onChange, query }: SpecFilterGroupsProps) {
  const facets = useItemFacets(query, true).data;
  return (
    <>
      {specFieldsOf(categoryId).map((field) => {
        const selected = value[field.key] ?? [];
        const values = offeredValues(field, facets?.[field.key], selected);
        if (values.length === 0) return null;
        return (
          <SpecValueGroup
            key={field.key}
            field={field}
            values={values}
            selected={selected}
            counts={facets?.[field.key]}
            max={LIST_FILTER_LIMITS.valuesPerKey}
            onChange={(next) => onChange({ ...value, [field.key]: next })}
          />
        );
      })}
    </>
  );
}

/** The field's list; for a text or a quantity the counted values, and any ticked one the counts no longer name. */
function offeredValues(field: SpecField, counts: Record<string, unknown> | undefined, selected: readonly string[]) {
  const listed = specFilterChoices(field);
  if (listed) return listed;
  const values = [...Object.keys(counts ?? {}), ...selected.filter((v) => !(counts && v in counts))];
  return values.map((v) => ({ value: v, label: v }));
}
