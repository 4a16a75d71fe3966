import { render, screen, within } from '@testing-library/react';
import type { Trust } from '@keeb/shared';
import { describe, expect, it } from 'vitest';
import { replyWithinLabel, TrustPanel } from './trust-panel';

const trust = (overrides: Partial<Trust> = {}): Trust => ({
  memberSince: '2024-11-01T00:30:00.000Z',
  confirmedTrades: 12,
  shippedOnTime: { share: 0.875, orders: 8 },
  replyMinutes: 95,
  emailVerified: true,
  phoneVerified: true,
  openProblems: 0,
  ...overrides,
});

const entries = () => within(screen.getByRole('list', { name: 'Trust' })).getAllByRole('listitem').map((li) => li.textContent);

describe('TrustPanel', () => {
  it('lists every figure as a sentence, verified ones with a check mark beside the words', () => {
    render(<TrustPanel trust={trust()} />);
    expect(entries()).toEqual([
      'Member since November 2024',
      '12 confirmed trades',
      'Ships on time 88% (8 orders)',
      'Usually replies within 2 hours',
      '✓Email verified',
      '✓Phone verified',
    ]);
    // The mark is decoration: the words say it.
    const email = screen.getByText('Email verified');
    expect(email.querySelector('[aria-hidden="true"]')).toHaveTextContent('✓');
  });

  it('leaves out what has too little behind it: on time below 3 orders, replies without any, what is not verified', () => {
    render(<TrustPanel trust={trust({ confirmedTrades: 1, shippedOnTime: { share: null, orders: 2 }, replyMinutes: null, emailVerified: false, phoneVerified: false })} />);
    expect(entries()).toEqual(['Member since November 2024', '1 confirmed trade']);
  });

  it('says how many problems are open as a seller, only when there are some', () => {
    const { rerender } = render(<TrustPanel trust={trust({ openProblems: 1 })} />);
    expect(entries().at(-1)).toBe('!1 open problem as a seller');
    rerender(<TrustPanel trust={trust({ openProblems: 3 })} />);
    expect(screen.getByText(/open problems as a seller/)).toHaveTextContent('3 open problems as a seller');
  });

  it('reads reply times in minutes, hours or days, rounded up', () => {
    expect([1, 45, 60, 61, 47 * 60, 48 * 60, 49 * 60, 10 * 24 * 60].map(replyWithinLabel)).toEqual([
      '1 minute', '45 minutes', '1 hour', '2 hours', '47 hours', '2 days', '3 days', '10 days',
    ]);
  });
});
