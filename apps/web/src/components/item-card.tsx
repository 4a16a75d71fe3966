import { Link } from 'react-router-dom';
import { formatPrice, type ItemSummary } from '@keeb/shared';
import { Avatar } from './avatar';
import styles from './item-card.module.css';

export function ItemCard({ item }: { item: ItemSummary }) {
  const sold = item.priceSold !== null;
  const seller = item.sellerId;
  return (
    <article className={styles.card}>
      <Link to={`/detail/${encodeURIComponent(item._id)}`} className={styles.link}>
        <div className={styles.media}>
          <img className={styles.image} src={item.thumbnail} alt={item.name} loading="lazy" decoding="async" />
          {sold ? <span className={styles.soldTag}>Sold</span> : null}
        </div>
        <div className={styles.body}>
          <h2 className={styles.name}>{item.name}</h2>
          <p className={styles.price}>{formatPrice(item.priceSold ?? item.price)}</p>
          {!sold && (item.isFixedPrice || item.offersAccepted) ? (
            <p className={styles.terms}>
              {item.isFixedPrice ? <span>Buy It Now</span> : null}
              {item.offersAccepted ? <span>Accepts offers</span> : null}
            </p>
          ) : null}
        </div>
      </Link>
      <Link to={`/u/${encodeURIComponent(seller.username)}`} className={styles.seller}>
        <Avatar src={seller.avatar} username={seller.username} size="sm" />
        <span className={styles.sellerName}>{seller.username}</span>
      </Link>
    </article>
  );
}
