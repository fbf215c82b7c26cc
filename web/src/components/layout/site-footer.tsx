import { Link } from '@tanstack/react-router';
import { legalVersion } from '@shared/catalog/product';
import { Logo } from '@/components/brand/logo';

/**
 * The footer bar (spec 01 §2): year, version label, the three legal pages. Fixed to the bottom where the
 * screen has room for it (md and up, at least 600 px tall); on a phone it would cover ~55 px of every
 * screen, so there it ends the content instead. Opaque: a blur behind it smudges the text scrolling under it.
 */
export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="z-30 border-t footer-pinned:sticky footer-pinned:bottom-0 bg-background">
      <div className="mx-auto flex min-h-(--footer-height) max-w-screen-2xl flex-wrap items-center justify-center gap-x-4 gap-y-1 px-4 py-2 text-xs text-muted-foreground sm:justify-between">
        <p className="flex items-center gap-2">
          <Logo markOnly className="h-4" />
          <span>© {year}</span>
          <span aria-hidden="true">·</span>
          <span>Version {legalVersion}</span>
        </p>
        <nav aria-label="Legal">
          <ul className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1">
            <li>
              <Link to="/termsAndConditions" className="hover:text-foreground hover:underline">
                Terms of Use
              </Link>
            </li>
            <li>
              <Link to="/privacy" className="hover:text-foreground hover:underline">
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/copyright" className="hover:text-foreground hover:underline">
                Copyright Policy
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
