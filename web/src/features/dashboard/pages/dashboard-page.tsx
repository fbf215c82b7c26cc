import { Link } from '@tanstack/react-router';
import { supportEmail } from '@shared/catalog';
import { greetingName, initials } from '@shared/rules/format';
import {
  BarChart3Icon,
  BellRingIcon,
  Building2Icon,
  ClipboardListIcon,
  MailIcon,
  PlusIcon,
  SearchIcon,
  TimerIcon,
  UserRoundIcon,
} from 'lucide-react';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { assetUrl } from '@/config/runtime-config';
import { useAuth } from '@/features/auth';
import { ReviewNotice } from '@/features/auth/components/review-notice';
import { MailStopNotice } from '@/features/mail-stop/components/mail-stop-notice';
import { DelegationNotice } from '@/features/delegates/components/delegation-notice';
import { MatchesTile } from '@/features/matches/components/matches-tile';
import { ConsumerPage } from '@/features/consumer/components/consumer-page';
import { consumerPaths } from '@/features/consumer/paths';
import { BlastCountdown } from '../components/blast-countdown';
import { CountTileValue } from '../components/count-tile-value';
import { DashboardTile, TileValue } from '../components/dashboard-tile';

export const createDisabledText = 'You can create listings and requirements once your account is approved.';

/** Spec 02 §2 "Dashboard". The two create buttons serve phones too (one row each on a narrow screen). */
export function DashboardPage() {
  const { user, isApproved } = useAuth();
  const picture = user?.profileImage?.medium ?? user?.profileImage?.profile;
  const subscribed = user?.subscriptions.filter((s) => s.subscribed).length ?? 0;
  const total = user?.subscriptions.length ?? 0;

  return (
    <ConsumerPage
      title="Dashboard"
      heading={`Welcome, ${greetingName(user?.firstName)}!`}
      actions={
        isApproved ? (
          <>
            <Button asChild variant="outline">
              <Link to="/consumer/my-listings" search={{ create: true }}>
                <PlusIcon aria-hidden="true" />
                Create New Listing
              </Link>
            </Button>
            <Button asChild>
              <Link to="/consumer/my-requirements" search={{ create: true }}>
                <PlusIcon aria-hidden="true" />
                Create New Requirement
              </Link>
            </Button>
          </>
        ) : (
          // Disabled with the review notice's reason until an operator approves the account (PRODUCT.md).
          <>
            <Button variant="outline" disabled aria-describedby="create-disabled">
              <PlusIcon aria-hidden="true" />
              Create New Listing
            </Button>
            <Button disabled aria-describedby="create-disabled">
              <PlusIcon aria-hidden="true" />
              Create New Requirement
            </Button>
            <p id="create-disabled" className="basis-full text-right text-xs text-muted-foreground">
              {createDisabledText}
            </p>
          </>
        )
      }
    >
      <ReviewNotice />
      <MailStopNotice />
      <DelegationNotice />

      <section aria-labelledby="overview-heading" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <h2 id="overview-heading" className="sr-only">
          Overview
        </h2>
        <DashboardTile
          title="Profile Picture"
          icon={UserRoundIcon}
          link={{ to: consumerPaths.profile, label: picture ? 'Change picture' : 'Add a picture' }}
        >
          <UserAvatar
            className="size-16 text-lg"
            src={picture ? assetUrl(picture) : undefined}
            name={user ? `${user.firstName} ${user.lastName}`.trim() : 'Your picture'}
            initials={initials(user?.firstName, user?.lastName)}
          />
        </DashboardTile>
        <DashboardTile
          title="Active Subscriptions"
          icon={BellRingIcon}
          caption="E-mail categories you receive"
          link={{ to: consumerPaths.profile, label: 'Manage subscriptions' }}
        >
          <TileValue data-testid="subscriptions-count">
            {subscribed}/{total}
          </TileValue>
        </DashboardTile>
        <DashboardTile
          title="Active Requirements"
          icon={ClipboardListIcon}
          caption="Sent in the last 90 days"
          link={{ to: consumerPaths.requirements, label: 'Browse requirements' }}
        >
          <CountTileValue routeId="countActiveRequirements" />
        </DashboardTile>
        <DashboardTile
          title="Recent Listings"
          icon={Building2Icon}
          caption="Published in the last 7 days"
          link={{ to: consumerPaths.listings, label: 'Browse listings' }}
        >
          <CountTileValue routeId="countRecentListings" />
        </DashboardTile>
        {isApproved && <MatchesTile />}
        <DashboardTile title="Next Listings Blast" icon={TimerIcon} caption="Weekdays at 9:00 AM Eastern">
          <BlastCountdown className="text-2xl font-semibold tracking-tight whitespace-nowrap tabular-nums" />
        </DashboardTile>
        <DashboardTile title="Market" icon={BarChart3Icon} link={{ to: consumerPaths.market, label: 'See the market' }}>
          <p className="text-sm text-muted-foreground">What the market is asking for against what is on offer, by area and type.</p>
        </DashboardTile>
        <DashboardTile title="Market Listing Search" icon={SearchIcon} comingSoon>
          <p className="text-sm text-muted-foreground">Search every listing in the market, not only the ones broadcast.</p>
        </DashboardTile>
        <DashboardTile title="Need Help?" icon={MailIcon}>
          <p className="text-sm text-muted-foreground">Questions, problems or ideas: write to us.</p>
          <a
            href={`mailto:${supportEmail}`}
            className="mt-1 text-sm font-medium [overflow-wrap:anywhere] text-primary underline-offset-4 hover:underline"
          >
            {supportEmail}
          </a>
        </DashboardTile>
      </section>
    </ConsumerPage>
  );
}
