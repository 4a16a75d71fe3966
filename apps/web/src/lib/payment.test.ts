import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { paymentCreateAlert } from './payment';

/** Issue 36: the Purchase / Pay Now alerts for the hold limits, each in its own words (not 'Something Went Wrong'). */
describe('paymentCreateAlert: the hold limits', () => {
  it('too_many_checkouts says two checkouts are open and what to do', () => {
    expect(paymentCreateAlert(new ApiError(409, 'too_many_checkouts', { limit: 2 }))).toEqual({
      title: 'Two Checkouts Open',
      message: 'You are already checking out 2 items. Pay for one of them or cancel it on its page, then try again.',
    });
  });

  it('checkout_cooldown says how long to wait, in minutes', () => {
    expect(paymentCreateAlert(new ApiError(429, 'checkout_cooldown', { timeLeft: 1_500 }))).toEqual({
      title: 'Please Wait',
      message: 'You started and left the checkout of this item several times. You can buy it again in 25 minutes.',
    });
    expect(paymentCreateAlert(new ApiError(429, 'checkout_cooldown', { timeLeft: 20 })).message).toContain('in 1 minute.');
  });
});
