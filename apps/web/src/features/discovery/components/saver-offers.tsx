import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { formatPrice, SELLER_TOOL_ERRORS, SELLER_TOOL_TEXTS, type SaverOffer } from '@keeb/shared';
import { Button } from '../../../components/button';
import { FormBanner } from '../../../components/form-banner';
import { useLinkedRow } from '../../../components/linked-row';
import { isApiError } from '../../../lib/api-error';
import { sellerAwayText } from '../../../lib/seller-away';
import { savedTabKey, takeSaverOffer, useSaverOffers } from '../api/saver-offers';
import styles from './saver-offers.module.css';

const MINUTE_MS = 60_000;

/** Ours (docs/decisions/0446-offer-to-savers-texts.md), beside the shared SELLER_TOOL_TEXTS. */
export const SAVER_OFFER_TEXTS = {
  title: 'Offers for you',
  expired: 'This offer has ended.',
  taken: 'You took this offer. Pay within 24 hours from the item page.',
  somethingWentWrong: 'Something went wrong. Please try again.',
} as const;

/** '5h 3m left' to the minute, '< 1m left' at the end. */
export function timeLeftText(expiresAt: string, now: number): string {
  const minutes = Math.floor((Date.parse(expiresAt) - now) / MINUTE_MS);
  if (minutes < 1) return '< 1m left';
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m left`;
}

function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), MINUTE_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

function takeFailureText(error: unknown): string {
  if (isApiError(error) && error.code === SELLER_TOOL_ERRORS.saverOfferGone) return SELLER_TOOL_TEXTS.saverOfferGone;
  return sellerAwayText(error) ?? SAVER_OFFER_TEXTS.somethingWentWrong;
}

/**
 * The Saved tab's 'Offers for you' (issue 29): each offer to savers the viewer received, with its item, the price
 * (the list price struck through) and the time left. 'Take it' makes it the viewer's accepted offer, which they pay
 * on the item page as any accepted offer; taken ones lead there with 'Pay'. Nothing shows while there are none.
 */
export function SaverOffers() {
  const offers = useSaverOffers();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const now = useMinuteClock();
  const [failure, setFailure] = useState<string | null>(null);

  const take = useMutation({
    mutationFn: takeSaverOffer,
    onSuccess: async (taken) => {
      void queryClient.invalidateQueries({ queryKey: savedTabKey });
      await navigate(`/detail/${encodeURIComponent(taken.itemId)}`);
    },
    onError: (error) => {
      setFailure(takeFailureText(error));
      // Gone or not, the list shows each offer as it is now.
      void queryClient.invalidateQueries({ queryKey: savedTabKey });
    },
  });

  const list = offers.data ?? [];
  if (list.length === 0) return null;

  return (
    <section className={styles.section} aria-labelledby="saver-offers-title">
      <h2 id="saver-offers-title" className={styles.title}>
        {SAVER_OFFER_TEXTS.title}
      </h2>
      {failure ? (
        <FormBanner tone="error" onDismiss={() => setFailure(null)}>
          {failure}
        </FormBanner>
      ) : null}
      <ul className={styles.list}>
        {list.map((offer) => (
          <OfferRow
            key={offer._id}
            offer={offer}
            now={now}
            taking={take.isPending && take.variables === offer._id}
            onTake={() => {
              setFailure(null);
              take.mutate(offer._id);
            }}
          />
        ))}
      </ul>
    </section>
  );
}

function OfferRow({ offer, now, taking, onTake }: { offer: SaverOffer; now: number; taking: boolean; onTake: () => void }) {
  const itemPath = `/detail/${encodeURIComponent(offer.item._id)}`;
  // An open offer whose time ran out since the list loaded reads as ended, not as takeable.
  const status = offer.status === 'open' && Date.parse(offer.expiresAt) <= now ? 'expired' : offer.status;
  // Issue 36: the offer a mail or notice linked (?item=<id>), marked and in view.
  const linkedRow = useLinkedRow<HTMLLIElement>(offer._id);
  return (
    <li className={styles.row} {...linkedRow.props}>
      {/* The name beside it says what the photo shows. */}
      <img className={styles.thumb} src={offer.item.thumbnail} alt="" width={64} height={64} loading="lazy" decoding="async" />
      <div className={styles.body}>
        <Link to={itemPath} className={styles.name}>
          {offer.item.name}
        </Link>
        <p className={styles.prices}>
          <span className={styles.price}>{formatPrice(offer.price)}</span>
          <s className={styles.listPrice}>
            <span className="visually-hidden">was </span>
            {formatPrice(offer.listPrice)}
          </s>
        </p>
        <p className={styles.meta}>
          {status === 'open'
            ? `From ${offer.seller.username} · ${timeLeftText(offer.expiresAt, now)}`
            : status === 'taken'
              ? SAVER_OFFER_TEXTS.taken
              : status === 'gone'
                ? SELLER_TOOL_TEXTS.saverOfferGone
                : SAVER_OFFER_TEXTS.expired}
        </p>
      </div>
      {status === 'open' ? (
        <div className={styles.action}>
          <Button size="sm" pending={taking} onClick={onTake} aria-label={`Take it: ${offer.item.name} for ${formatPrice(offer.price)}`}>
            Take it
          </Button>
        </div>
      ) : status === 'taken' ? (
        <div className={styles.action}>
          <Link to={itemPath} className={styles.payLink} aria-label={`Pay for ${offer.item.name}`}>
            Pay
          </Link>
        </div>
      ) : null}
    </li>
  );
}
