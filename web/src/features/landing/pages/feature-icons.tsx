import type { ReactNode } from 'react';
import { LineIcon } from '@/components/ui/line-icon';

/**
 * The feature cards' icons: lucide's clipboard-list, inbox and users (ISC licence), drawn inline so the
 * landing page loads no icon library. Decorative.
 */
function FeatureIcon({ children }: { children: ReactNode }) {
  return (
    <LineIcon className="size-5" aria-hidden="true">
      {children}
    </LineIcon>
  );
}

export const clipboardListIcon = (
  <FeatureIcon>
    <rect width="8" height="4" x="8" y="2" rx="1" ry="1" />
    <path d="M16 4h2a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2M12 11h4M12 16h4M8 11h.01M8 16h.01" />
  </FeatureIcon>
);

export const inboxIcon = (
  <FeatureIcon>
    <polyline points="22 12 16 12 14 15 10 15 8 12 2 12" />
    <path d="M5.45 5.11 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.45-6.89A2 2 0 0 0 16.76 4H7.24a2 2 0 0 0-1.79 1.11z" />
  </FeatureIcon>
);

export const usersIcon = (
  <FeatureIcon>
    <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M16 3.128a4 4 0 0 1 0 7.744M22 21v-2a4 4 0 0 0-3-3.87" />
    <circle cx="9" cy="7" r="4" />
  </FeatureIcon>
);
