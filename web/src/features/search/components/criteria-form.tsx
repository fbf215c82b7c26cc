import { lazy, Suspense, useState } from 'react';
import type { CriteriaFormProps } from '../criteria-url';

const CriteriaFields = lazy(() => import('./criteria-fields').then((module) => ({ default: module.CriteriaFields })));

/**
 * More filters: the criteria beside a browser's three filters, open when the URL sets some. Its fields (the
 * form, the shared schemas, the markets tree) download when it first opens, not with the page.
 */
export function CriteriaForm({ kind, value, onApply }: CriteriaFormProps) {
  const active = Object.keys(value).length;
  const [opened, setOpened] = useState(active > 0);
  return (
    <details className="group rounded-lg border bg-muted/40 p-4" open={active > 0 || undefined} onToggle={(event) => event.currentTarget.open && setOpened(true)}>
      <summary className="cursor-pointer font-medium">
        More filters{active > 0 && <span className="ml-2 text-sm font-normal text-muted-foreground">({active} set)</span>}
      </summary>
      {opened && (
        <Suspense fallback={<p className="mt-4 text-sm text-muted-foreground">Loading filters…</p>}>
          <CriteriaFields kind={kind} value={value} onApply={onApply} />
        </Suspense>
      )}
    </details>
  );
}
