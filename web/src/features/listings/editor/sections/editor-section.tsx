import type { ReactNode } from 'react';

/** One numbered part of the editor ("1 Listing Header" …) with its heading for the outline. */
export function EditorSection({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  const id = `listing-editor-section-${number}`;
  return (
    <section aria-labelledby={id} className="grid gap-4 rounded-lg border bg-card p-4">
      <h3 id={id} className="flex items-center gap-2 font-semibold">
        <span className="flex size-6 items-center justify-center rounded-full bg-primary text-xs text-primary-foreground" aria-hidden="true">
          {number}
        </span>
        <span>
          <span className="sr-only">{number} </span>
          {title}
        </span>
      </h3>
      {children}
    </section>
  );
}
