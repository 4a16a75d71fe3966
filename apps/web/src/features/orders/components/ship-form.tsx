import { useState, type FormEvent } from 'react';
import type { OrderDetail } from '@keeb/shared';
import { Button } from '../../../components/button';
import { FormBanner } from '../../../components/form-banner';
import { SelectField, TextField } from '../../../components/form-fields';
import { orderActions, useOrderAction, type ShipInput } from '../api/order-actions';
import { CARRIERS, orderErrorText, TEXTS } from '../messages';
import styles from './order-page-parts.module.css';

/**
 * The seller's 'Mark as shipped': both fields optional. Left empty, the carrier is recognised from the number by
 * the API; without a number the order reads 'No tracking'.
 */
export function ShipForm({ order }: { order: OrderDetail }) {
  const [trackingNumber, setTrackingNumber] = useState('');
  const [carrier, setCarrier] = useState('');
  const ship = useOrderAction(order._id, (input: ShipInput) => orderActions.ship(order._id, input));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ship.isPending) return;
    const input: ShipInput = {};
    if (trackingNumber.trim()) input.trackingNumber = trackingNumber.trim();
    if (carrier) input.carrier = carrier;
    ship.mutate(input);
  };

  return (
    <section className={styles.card} aria-labelledby="order-ship-form">
      <h2 id="order-ship-form" className={styles.cardHeading}>
        {TEXTS.markShipped}
      </h2>
      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.fieldRow}>
          <TextField
            label={`${TEXTS.trackingNumber} (optional)`}
            name="trackingNumber"
            autoComplete="off"
            maxLength={64}
            value={trackingNumber}
            onChange={(event) => setTrackingNumber(event.target.value)}
            hint={TEXTS.shipHint}
          />
          <SelectField
            label={`${TEXTS.carrier} (optional)`}
            name="carrier"
            placeholder={TEXTS.carrierAuto}
            options={CARRIERS}
            value={carrier}
            onChange={(event) => setCarrier(event.target.value)}
          />
        </div>
        {ship.isError ? <FormBanner tone="error">{orderErrorText(ship.error)}</FormBanner> : null}
        <div>
          <Button type="submit" pending={ship.isPending}>
            {TEXTS.markShipped}
          </Button>
        </div>
      </form>
    </section>
  );
}
