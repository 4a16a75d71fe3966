import type { ItemDetail } from '@keeb/shared';
import { specRows } from '../../../lib/specs';
import { SlashBreaks } from '../../../components/slash-breaks';
import styles from './item-specs.module.css';

/**
 * The item page's specs table (issue 29): one row per spec the listing has, in its category's order, lists joined
 * with ', '. A listing without specs (every listing before issue 29) shows nothing rather than an empty table.
 */
export function ItemSpecs({ item }: { item: Pick<ItemDetail, 'categoryId' | 'specs'> }) {
  const rows = specRows(item.categoryId, item.specs);
  if (rows.length === 0) return null;
  return (
    <section className={styles.specs} aria-labelledby="specs-title">
      <h2 id="specs-title" className={styles.title}>
        Specs
      </h2>
      <table className={styles.table}>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              <td>
                <SlashBreaks text={row.value} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
