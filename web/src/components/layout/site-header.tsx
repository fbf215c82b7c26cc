import { lazy, Suspense } from 'react';
import { Link } from '@tanstack/react-router';
import { initials } from '@shared/rules/format';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { appPaths } from '@/app/paths';
import { assetUrl } from '@/config/runtime-config';
import { useAuth } from '@/features/auth';
import { HeaderBar } from './header-bar';

// A delegate's "Working for": its queries' code loads only once signed in.
const ActingSwitcher = lazy(() => import('@/features/delegates/components/acting-switcher').then((m) => ({ default: m.ActingSwitcher })));

/**
 * The fixed header (spec 01 §2): the logo links to the dashboard when signed in and to / when not;
 * then Login and Sign Up, or Sign Out and the avatar (profile image, else initials); Sign Out alone while
 * the user record could not be loaded.
 */
export function SiteHeader() {
  const { status, user, signOut } = useAuth();
  const signedIn = status === 'signedIn';
  const picture = user?.profileImage?.profile ?? user?.profileImage?.medium;

  return (
    <HeaderBar home={signedIn ? appPaths.dashboard : appPaths.landing}>
      <nav aria-label="Account" className="ml-auto flex items-center gap-2">
        {status === 'signedOut' && (
          <>
            <Button asChild variant="ghost" size="sm">
              <Link to={appPaths.login}>Login</Link>
            </Button>
            <Button asChild size="sm">
              <Link to={appPaths.signup}>Sign Up</Link>
            </Button>
          </>
        )}
        {signedIn && (
          <Suspense>
            <ActingSwitcher />
          </Suspense>
        )}
        {/* A session whose record failed to load is still one: it can be left. */}
        {(signedIn || status === 'failed') && (
          <Button variant="ghost" size="sm" onClick={() => void signOut()}>
            Sign Out
          </Button>
        )}
        {signedIn && (
          <UserAvatar
            src={picture ? assetUrl(picture) : undefined}
            name={user ? `${user.firstName} ${user.lastName}`.trim() : 'Your account'}
            initials={initials(user?.firstName, user?.lastName)}
          />
        )}
      </nav>
    </HeaderBar>
  );
}
