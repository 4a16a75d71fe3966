/**
 * Sets `key` as the newest entry of `map` and drops the oldest once the map holds more than `max`: a Map iterates
 * in insertion order, so deleting before setting moves the key last and the first key is always the oldest. The
 * in-process caches (first pages, search texts, spec plans, trust, sessions, XSRF tokens) stay bounded this way
 * whatever a client sends.
 */
export function setNewest<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value!);
}
