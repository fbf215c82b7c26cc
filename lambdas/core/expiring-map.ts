/**
 * A bounded Map whose entries expire: what a warm function may remember between invocations (the callers
 * it let in, the contact cards it read). lru-cache (max entries and a TTL) would do the same;
 * bundle bytes are no budget.
 */
export function expiringMap<K, V>(ttlMs: number, maxEntries = 10_000) {
  const entries = new Map<K, { value: V; until: number }>();
  return {
    get(key: K, now = Date.now()): V | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.until > now) return entry.value;
      entries.delete(key);
      return undefined;
    },
    set(key: K, value: V, now = Date.now()): void {
      // Re-inserted so the Map's order stays oldest-first; the oldest goes when it is full.
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, until: now + ttlMs });
    },
    delete(key: K): void {
      entries.delete(key);
    },
  };
}
