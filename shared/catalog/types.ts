/** One catalogue entry: a stable readable slug and the name users see. */
export interface CatalogItem<Id extends string = string> {
  readonly id: Id;
  readonly name: string;
}

export function byId<T extends CatalogItem>(items: readonly T[]): ReadonlyMap<string, T> {
  return new Map(items.map((item) => [item.id, item]));
}

export function idsOf<T extends CatalogItem>(items: readonly T[]): [T['id'], ...T['id'][]] {
  const ids = items.map((item) => item.id);
  if (ids.length === 0) throw new Error('empty catalogue');
  return ids as [T['id'], ...T['id'][]];
}
