import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '../../../lib/site';
import { ContactForm } from '../components/contact-form';
import styles from './about-page.module.css';

const TILES = [
  {
    title: 'No fees',
    text: "Listing, selling and buying are free. Only the payment provider's fees apply after a sale.",
  },
  { title: 'Reviewed listings', text: 'Every new listing is approved by an admin before it goes on sale.' },
  { title: 'Made for trading', text: 'Make offers and counter-offers, chat with sellers and rate them after you buy.' },
];

const GUIDELINES = [
  'Be respectful.',
  'No fake items.',
  'Ship within 72 hours of payment.',
  'Communicate with your buyer or seller.',
  'Be honest.',
];

/** /about (part 2): what the marketplace is, links to help and selling, and the contact form. */
export function AboutPage() {
  return (
    <div className={styles.page}>
      <section className={styles.hero}>
        <h1 className={styles.heading}>About</h1>
        <p className={styles.lead}>
          {PRODUCT_NAME} is a community marketplace for mechanical keyboards, keycaps, artisans, switches and parts.
          Buyers and sellers trade directly with each other, one item per listing, all in USD.
        </p>
        <div className={styles.actions}>
          <Link to="/sell" className={styles.sell}>
            Sell an item
          </Link>
          <Link to="/help" className={styles.help}>
            Visit Help
          </Link>
        </div>
      </section>

      <div className={styles.tiles}>
        {TILES.map((tile) => (
          <section key={tile.title} className={styles.tile}>
            <h2>{tile.title}</h2>
            <p>{tile.text}</p>
          </section>
        ))}
      </div>

      <section className={styles.guidelines} aria-labelledby="guidelines-title">
        <h2 id="guidelines-title" className={styles.sectionTitle}>
          Community guidelines
        </h2>
        <ul>
          {GUIDELINES.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
        <p className={styles.age}>
          You must be at least 13 to use {PRODUCT_NAME}.
        </p>
      </section>

      <section className={styles.contact} aria-labelledby="contact-title">
        <h2 id="contact-title" className={styles.sectionTitle}>
          Contact Us
        </h2>
        <p className={styles.contactLead}>Questions, problems or ideas? Send us a message and we'll reply by email.</p>
        <ContactForm />
      </section>
    </div>
  );
}
