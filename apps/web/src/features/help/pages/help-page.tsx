import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { DocumentView } from '../components/document-view';
import { DEFAULT_TOPIC_ID, HELP_TOPICS, helpTopic } from '../content/topics';
import styles from './help-page.module.css';

/**
 * /help and /help/:id (spec part 2): the topic list on the left (wide screens), the topic's text on the right.
 * On phones the list is hidden and a select switches topics instead. Unknown topics go to /404.
 */
export function HelpPage() {
  const { id = DEFAULT_TOPIC_ID } = useParams();
  const navigate = useNavigate();
  const topic = helpTopic(id);
  if (!topic) return <Navigate to="/404" replace />;

  return (
    <div className={styles.page}>
      <nav className={styles.topics} aria-label="Help topics">
        <p className={styles.topicsTitle}>Help</p>
        <ul>
          {HELP_TOPICS.map((t) => (
            <li key={t.id}>
              <Link to={`/help/${t.id}`} className={styles.topicLink} aria-current={t.id === topic.id ? 'page' : undefined}>
                {t.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <article className={styles.article} aria-labelledby="help-topic-title">
        <div className={styles.switcher}>
          <label htmlFor="help-topic-select">Help topic</label>
          <select id="help-topic-select" value={topic.id} onChange={(event) => void navigate(`/help/${event.target.value}`)}>
            {HELP_TOPICS.map((t) => (
              <option key={t.id} value={t.id}>
                {t.title}
              </option>
            ))}
          </select>
        </div>
        <header className={styles.header}>
          <h1 id="help-topic-title" className={styles.heading}>
            {topic.title}
          </h1>
          <p className={styles.summary}>{topic.summary}</p>
        </header>
        <DocumentView sections={topic.sections} level={2} />
        <p className={styles.more}>
          Still stuck? <Link to="/about">Contact us</Link>.
        </p>
      </article>
    </div>
  );
}
