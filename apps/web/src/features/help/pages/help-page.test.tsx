import { screen, within } from '@testing-library/react';
import { SCAM_HELP_PAYMENT_PATH, SCAM_HELP_SAFETY_PATH } from '@keeb/shared';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../../../test/fake-api';
import { createTestQueryClient, currentUrl, renderApp, seedCategories, seedSession } from '../../../test/render-app';
import { HELP_TOPICS } from '../content/topics';

function renderHelp(path: string) {
  installFakeApi();
  const queryClient = createTestQueryClient();
  seedSession(queryClient);
  seedCategories(queryClient);
  return renderApp(path, queryClient);
}

const SPEC_TOPICS = ['signing-up', 'listing-an-item', 'keebkarma', 'offers', 'linking-reddit', 'payment', 'chat-system', 'trades', 'misc'];

describe('help page', () => {
  it('opens on Signing Up at /help, highlighted in the topic list', async () => {
    renderHelp('/help');
    expect(await screen.findByRole('heading', { level: 1, name: 'Signing Up' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Help topics' });
    const current = within(nav).getByRole('link', { current: 'page' });
    expect(current).toHaveTextContent('Signing Up');
    expect(current).toHaveAttribute('href', '/help/signing-up');
  });

  it('lists every topic of the spec, in its order, plus Staying Safe before Misc', async () => {
    renderHelp('/help');
    const nav = await screen.findByRole('navigation', { name: 'Help topics' });
    const hrefs = within(nav).getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([...SPEC_TOPICS.slice(0, -1), 'safety', 'misc'].map((id) => `/help/${id}`));
  });

  it('highlights the selected topic and switches with the phone select', async () => {
    const { user, router } = renderHelp('/help/offers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Offers' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Help topics' });
    expect(within(nav).getByRole('link', { current: 'page' })).toHaveTextContent('Offers');
    expect(within(nav).getByRole('link', { name: 'Signing Up' })).not.toHaveAttribute('aria-current');

    await user.selectOptions(screen.getByLabelText('Help topic'), 'Payment');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/help/payment');
    expect(screen.getByLabelText('Help topic')).toHaveValue('payment');
  });

  it('sends an unknown topic to /404', async () => {
    const { router } = renderHelp('/help/no-such-topic');
    expect(await screen.findByText("Sorry, we can't find the page you're looking for.")).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/404');
  });

  it.each(HELP_TOPICS.map((topic) => [topic.id, topic] as const))('renders %s with its heading and section headings', async (id, topic) => {
    renderHelp(`/help/${id}`);
    const article = (await screen.findByRole('heading', { level: 1, name: topic.title })).closest('article')!;
    const headings = within(article).getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(topic.sections.map((s) => s.heading));
    expect(within(article).getAllByRole('listitem').length + within(article).getAllByText(/./, { selector: 'p' }).length).toBeGreaterThan(2);
  });

  it('has content behind every help link the chat warnings use', async () => {
    for (const path of [SCAM_HELP_PAYMENT_PATH, SCAM_HELP_SAFETY_PATH]) {
      const id = path.replace('/help/', '');
      expect(HELP_TOPICS.map((t) => t.id)).toContain(id);
    }
    renderHelp(SCAM_HELP_SAFETY_PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'Staying Safe' })).toBeInTheDocument();
  });

  it('states the rules the spec puts in help text, with the real numbers', async () => {
    renderHelp('/help/listing-an-item');
    const article = (await screen.findByRole('heading', { level: 1, name: 'Listing An Item' })).closest('article')!;
    const text = article.textContent ?? '';
    expect(text).toContain('up to 10 listings per account in any 24 hours');
    expect(text).toContain('i.imgur.com');
    expect(text).toContain('i.redd.it');
    expect(text).toContain('one link per line');
    expect(text).toContain('Each listing holds exactly one item');
    expect(text).toContain('allow up to 24 hours');
    expect(text).toContain('except the shipping options');
    expect(text).toContain('cannot remove an item while it has pending or accepted offers');
    // In-text links are real links inside the app.
    expect(within(article).getByRole('link', { name: 'Sell' })).toHaveAttribute('href', '/sell');
  });
});
