import type { ReactNode } from 'react';
import { legalVersion } from '@shared/catalog/product';

export interface LegalSection {
  id: string;
  heading: string;
  body: ReactNode;
}

/** Shared frame of the three legal texts: title, version, a table of contents, numbered sections. */
export function LegalPage({ title, intro, sections }: { title: string; intro: ReactNode; sections: LegalSection[] }) {
  return (
    <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-10 sm:px-6 sm:py-14">
      <title>{`${title} · BISN`}</title>
      <article className="prose-legal">
        <div>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
          <p className="mt-2 text-sm text-muted-foreground">Version {legalVersion}</p>
        </div>
        <div className="mt-6">{intro}</div>
        <nav aria-label="Contents" className="mt-8 rounded-lg border bg-muted/40 p-4 sm:p-5">
          <h2 className="!mt-0 !mb-2 text-sm font-semibold tracking-wide text-muted-foreground uppercase">Contents</h2>
          <ol className="list-decimal space-y-1 pl-5 text-sm sm:columns-2 sm:gap-x-10">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="!font-normal !no-underline hover:!underline">
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((section, index) => (
          <section key={section.id} aria-labelledby={section.id}>
            <h2 id={section.id}>
              {index + 1}. {section.heading}
            </h2>
            {section.body}
          </section>
        ))}
      </article>
    </main>
  );
}

/** The operator's contact address, as a mail link. */
export function ContactLink({ email }: { email: string }) {
  return <a href={`mailto:${email}`}>{email}</a>;
}
