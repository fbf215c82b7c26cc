import { Link, useRouterState } from '@tanstack/react-router';
import {
  Building2Icon,
  ChartColumnIcon,
  ClipboardListIcon,
  FileTextIcon,
  HandshakeIcon,
  LayoutDashboardIcon,
  ListIcon,
  ListChecksIcon,
  BookmarkIcon,
  ShieldCheckIcon,
  StoreIcon,
  UserRoundIcon,
  UsersRoundIcon,
  type LucideIcon,
} from 'lucide-react';
import { Logo } from '@/components/brand/logo';
import {
  Sidebar,
  SidebarContent,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  useSidebar,
} from '@/components/ui/sidebar';
import { useAuth } from '@/features/auth';
import { consumerPaths } from '../paths';

interface NavItem {
  readonly label: string;
  readonly to: string;
  readonly icon: LucideIcon;
  /** Further path prefixes that belong to this item (a detail page under its list). */
  readonly alsoActiveOn?: readonly string[];
}

/** Spec 02 §2 "Sidebar". */
const mainItems: readonly NavItem[] = [
  { label: 'Dashboard', to: consumerPaths.dashboard, icon: LayoutDashboardIcon },
  { label: 'Requirements', to: consumerPaths.requirements, icon: ClipboardListIcon, alsoActiveOn: ['/consumer/requirement/'] },
  { label: 'Listings', to: consumerPaths.listings, icon: Building2Icon, alsoActiveOn: ['/consumer/listing/'] },
  { label: 'Matches', to: consumerPaths.matches, icon: HandshakeIcon },
  { label: 'Brokers', to: consumerPaths.brokers, icon: UsersRoundIcon, alsoActiveOn: ['/consumer/brokers/'] },
  { label: 'Market', to: consumerPaths.market, icon: ChartColumnIcon },
  { label: 'Vendors - Coming Soon!', to: consumerPaths.vendors, icon: StoreIcon },
];

const myInformationItems: readonly NavItem[] = [
  { label: 'My Requirements', to: consumerPaths.myRequirements, icon: FileTextIcon },
  { label: 'My Listings', to: consumerPaths.myListings, icon: ListIcon },
  { label: 'My Lists', to: consumerPaths.lists, icon: ListChecksIcon, alsoActiveOn: ['/consumer/lists/'] },
  { label: 'Saved Searches', to: consumerPaths.savedSearches, icon: BookmarkIcon },
  { label: 'My Profile', to: consumerPaths.profile, icon: UserRoundIcon },
];

const operatorItem: NavItem = { label: 'Operators', to: consumerPaths.operators, icon: ShieldCheckIcon };

function isActive(item: NavItem, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '');
  return path === item.to || path.startsWith(`${item.to}/`) || (item.alsoActiveOn ?? []).some((p) => path.startsWith(p));
}

function NavMenu({ items }: { items: readonly NavItem[] }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const { isMobile, setOpenMobile } = useSidebar();
  return (
    <SidebarMenu>
      {items.map((item) => (
        <SidebarMenuItem key={item.to}>
          <SidebarMenuButton asChild isActive={isActive(item, pathname)} tooltip={item.label}>
            {/* On phones the sidebar is a sheet: following a link closes it. */}
            <Link to={item.to} onClick={() => isMobile && setOpenMobile(false)}>
              <item.icon aria-hidden="true" />
              <span>{item.label}</span>
            </Link>
          </SidebarMenuButton>
        </SidebarMenuItem>
      ))}
    </SidebarMenu>
  );
}

/** The consumer area's navigation; Operators only for members of the `operators` group. */
export function ConsumerSidebar() {
  const { user } = useAuth();
  const { isMobile } = useSidebar();
  return (
    <Sidebar label="Consumer area">
      {/* On phones the sheet covers the header: repeat the logo, and leave room for the close button. */}
      {isMobile && (
        <SidebarHeader className="h-(--header-height) justify-center border-b px-4">
          <Logo />
        </SidebarHeader>
      )}
      <SidebarContent>
        <SidebarGroup>
          <NavMenu items={mainItems} />
        </SidebarGroup>
        <SidebarGroup>
          <SidebarGroupLabel>My Information</SidebarGroupLabel>
          <NavMenu items={myInformationItems} />
        </SidebarGroup>
        {user?.isOperator && (
          <SidebarGroup>
            <SidebarGroupLabel>Operators</SidebarGroupLabel>
            <NavMenu items={[operatorItem]} />
          </SidebarGroup>
        )}
      </SidebarContent>
    </Sidebar>
  );
}
