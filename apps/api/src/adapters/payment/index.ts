import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { LocalPaymentProvider } from './local';
import { createPayPalProvider } from './paypal';
import type { PaymentProvider } from './provider';

export * from './provider';
export { LOCAL_APPROVAL_FORM_PATHS, paymentStandInRoutes } from './local-routes';

/** PayPal when PAYPAL_CLIENT_ID is set (config refuses it without its secret), else the local stand-in. */
export function paymentProviderFromConfig(config: Pick<Config, 'paypal'>, db: Database): PaymentProvider {
  return config.paypal ? createPayPalProvider(config.paypal) : new LocalPaymentProvider(db);
}
