import { Link } from '@tanstack/react-router';
import { initials } from '@shared/rules/format';
import { Logo } from '@/components/brand/logo';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { appPaths } from '@/app/paths';
import { assetUrl } from '@/config/runtime-config';
import { useAuth } from '@/features/auth';

/** The fixed header (spec 01 §2): logo home link, then Login/Sign Up or Sign Out and the avatar. */
export function SiteHeader() {
  const { status, user, signOut } = useAuth();
  const signedIn = status === 'signedIn';
  const picture = user?.profileImage?.profile ?? user?.profileImage?.medium;

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-(--header-height) max-w-screen-2xl items-center gap-3 px-4">
        <Link to={signedIn ? appPaths.dashboard : appPaths.landing} className="rounded-md" aria-label="BISN home">
          <Logo />
        </Link>
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
            <>
              <Button variant="ghost" size="sm" onClick={() => void signOut()}>
                Sign Out
              </Button>
              <UserAvatar
                src={picture ? assetUrl(picture) : undefined}
                name={user ? `${user.firstName} ${user.lastName}`.trim() : 'Your account'}
                initials={initials(user?.firstName, user?.lastName)}
              />
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
