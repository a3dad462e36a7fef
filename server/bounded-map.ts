/**
 * A Map holding at most `limit` entries: setting a key makes it the newest, and a new key beyond
 * the limit drops the entry set longest ago.
 * For the per-process memos of the request path (statements, tokens, callers, statistics),
 * which must not grow with the number of learners or tokens ever seen.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly limit: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (!this.delete(key) && this.size >= this.limit) {
      const oldest = this.keys().next();
      if (!oldest.done) this.delete(oldest.value);
    }
    return super.set(key, value);
  }
}
