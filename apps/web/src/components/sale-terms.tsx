import styles from './sale-terms.module.css';

interface SaleTermsProps {
  item: { isFixedPrice: boolean; offersAccepted: boolean };
  /** A sold listing shows no terms. */
  sold: boolean;
  /** The row's layout where it stands (gap, margins). */
  className?: string | undefined;
  /** 'sm' on cards, 'md' on the item page. */
  size: 'sm' | 'md';
}

/** How a listing can be bought, as chips: 'Buy It Now', 'Accepts offers'. Nothing when sold or neither applies. */
export function SaleTerms({ item, sold, className, size }: SaleTermsProps) {
  if (sold || !(item.isFixedPrice || item.offersAccepted)) return null;
  const chip = `${styles.chip} ${styles[size]}`;
  return (
    <p className={`${styles.terms} ${className ?? ''}`}>
      {item.isFixedPrice ? <span className={chip}>Buy It Now</span> : null}
      {item.offersAccepted ? <span className={chip}>Accepts offers</span> : null}
    </p>
  );
}
