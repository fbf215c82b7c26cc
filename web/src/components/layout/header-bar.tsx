import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Logo } from '@/components/brand/logo';

/** The fixed header's frame: the logo linking home, then `children` at the right. */
export function HeaderBar({ home, children }: { home: string; children?: ReactNode }) {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-(--header-height) max-w-screen-2xl items-center gap-3 px-4">
        <Link to={home} className="rounded-md" aria-label="BISN home">
          <Logo />
        </Link>
        {children}
      </div>
    </header>
  );
}
