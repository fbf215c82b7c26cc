import { useEffect, useState } from 'react';
import type { CriteriaParams } from '@/lib/search-criteria-params';
import type { SearchKind } from './criteria-url';

type Checker = typeof import('./criteria');
let checker: Checker | undefined;
let loading: Promise<Checker> | undefined;
const none: Record<string, string> = {};

/**
 * The URL's criteria the shared schemas take (knownCriteria), each as a string; undefined while the schemas
 * load. A URL without criteria needs no schema: the page renders and reads its results at once.
 */
export function useKnownCriteria(kind: SearchKind, search: CriteriaParams<string>, names: readonly string[]): Record<string, string> | undefined {
  const given = names.some((name) => search[name] !== undefined && search[name] !== '');
  const [loaded, setLoaded] = useState(checker);
  useEffect(() => {
    if (given && !loaded) void (loading ??= import('./criteria')).then((module) => setLoaded((checker = module)));
  }, [given, loaded]);
  if (!given) return none;
  return loaded?.knownCriteria(kind, search);
}
