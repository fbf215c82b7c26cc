/**
 * A value made on first use and kept. For module-level objects whose construction costs a cold start
 * something (SDK clients, `Intl` formatters, which load ICU data) in functions that may never use them.
 */
export function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
