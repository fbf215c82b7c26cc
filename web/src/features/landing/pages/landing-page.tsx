import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { appPaths } from '@/app/paths';
import { Logo } from '@/components/brand/logo';
import { buttonVariants } from '@/components/ui/button-variants';
import { storageKeys } from '@/features/auth/storage-keys';
import { BannerArt } from './banner-art';
import { clipboardListIcon, inboxIcon, usersIcon } from './feature-icons';

/** Spec 01 §1: the three messages of the public landing page. */
const features: ReadonlyArray<{ title: string; text: string; icon: ReactNode }> = [
  {
    title: 'Share requirements',
    text: 'Share commercial real estate requirements to quickly identify options.',
    icon: clipboardListIcon,
  },
  {
    title: 'Own your inbox',
    text: 'Specialize, organize and take control of your information and inbox.',
    icon: inboxIcon,
  },
  {
    title: 'Reach your market',
    text: 'Access specific, targeted broker contact lists for your market.',
    icon: usersIcon,
  },
];

/**
 * The public landing page (spec 01 §2): logo, Login and Join links, banner, three feature cards. The
 * lightest page of the site (≤ 100 KB of JS): plain links with the button classes and plain
 * card markup and inline icons, so neither tailwind-merge nor Radix nor the icon library loads here.
 */
export function LandingPage() {
  // The session's marker, not Amplify: the landing page loads no auth code. An expired session meets the
  // sign-in page on its way to the dashboard.
  const signedIn = localStorage.getItem(storageKeys.isAuthenticated) === 'true';
  return (
    <>
      <title>BISN · Private network for commercial real-estate brokers</title>
      <div className="relative overflow-hidden bg-linear-to-br from-[oklch(0.3_0.06_232)] via-primary to-[oklch(0.48_0.085_200)] text-white">
        <BannerArt />
        <header className="relative">
          <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-4 sm:px-6">
            <Logo tone="inverse" className="h-8" />
            <nav aria-label="Account" className="flex items-center gap-2">
              {signedIn ? (
                <Link to={appPaths.dashboard} className={buttonVariants({ variant: 'inverse' })}>
                  Dashboard
                </Link>
              ) : (
                <>
                  <Link to={appPaths.login} className={buttonVariants({ variant: 'inverseGhost' })}>
                    Login
                  </Link>
                  <Link to={appPaths.signup} className={buttonVariants({ variant: 'inverse' })}>
                    Join
                  </Link>
                </>
              )}
            </nav>
          </div>
        </header>
        <section aria-labelledby="landing-heading" className="relative">
          <div className="mx-auto max-w-6xl px-4 pt-14 pb-24 sm:px-6 sm:pt-24 sm:pb-36">
            <p className="text-xs font-semibold tracking-[0.18em] text-white/80 uppercase sm:text-sm">
              Sacramento region · Commercial real estate
            </p>
            <h1 id="landing-heading" className="mt-4 max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-6xl">
              Connect. Collaborate. Conquer.
            </h1>
            <p className="mt-5 max-w-xl text-base text-pretty text-white/85 sm:text-lg">
              A private local-market network where licensed commercial brokers share requirements and listings
              with the colleagues who can act on them.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              {signedIn ? (
                <Link to={appPaths.dashboard} className={buttonVariants({ variant: 'inverse', size: 'lg' })}>
                  Go to your dashboard
                </Link>
              ) : (
                <Link to={appPaths.signup} className={buttonVariants({ variant: 'inverse', size: 'lg' })}>
                  Join the network
                </Link>
              )}
            </div>
          </div>
        </section>
      </div>

      <main id="main" className="flex-1 bg-muted/40">
        <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
          <h2 id="features-heading" className="max-w-2xl text-2xl font-semibold tracking-tight sm:text-3xl">
            Built for brokers who work the local market
          </h2>
          <p className="mt-3 max-w-2xl text-muted-foreground">
            Open to licensed commercial brokers and their approved assistants. Every account is reviewed by our
            team, usually within a day.
          </p>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {features.map(({ title, text, icon }) => (
              <li key={title} className="flex flex-col gap-5 rounded-xl border bg-card py-6 text-card-foreground shadow-sm">
                <div className="grid gap-1.5 px-6">
                  <span className="mb-2 flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary">
                    {icon}
                  </span>
                  <h3 className="text-lg font-semibold">{title}</h3>
                </div>
                <p className="px-6 text-muted-foreground">{text}</p>
              </li>
            ))}
          </ul>
        </section>
      </main>
    </>
  );
}
