import { useAuth } from '@/features/auth';
import { ChangePasswordCard } from '@/features/auth/components/change-password-card';
import { ReviewNotice } from '@/features/auth/components/review-notice';
import { ConsumerPage } from '@/features/consumer/components/consumer-page';
import { DelegatesCard } from '@/features/delegates/components/delegates-card';
import { BrokerInfoCard } from '../components/broker-info-card';
import { BrokerLogoCard, ProfileImageCard } from '../components/image-cards';
import { PersonalInfoCard } from '../components/personal-info-card';
import { NotificationsCard } from '../components/notifications-card';
import { PrivacyCard } from '../components/privacy-card';
import { SubscriptionsCard } from '../components/subscriptions-card';

/** Spec 02 §2 "Profile": five cards, each with its edit dialog, the change-password card, and Delegates. */
export function ProfilePage() {
  const { user } = useAuth();
  return (
    <ConsumerPage title="My Profile">
      <ReviewNotice onProfile />
      <div className="grid gap-4 lg:grid-cols-2">
        <PersonalInfoCard user={user} />
        <ProfileImageCard user={user} />
        <BrokerInfoCard user={user} />
        <BrokerLogoCard user={user} />
        <SubscriptionsCard user={user} className="lg:col-span-2" />
        <NotificationsCard user={user} className="lg:col-span-2" />
        <PrivacyCard user={user} className="lg:col-span-2" />
        <DelegatesCard className="lg:col-span-2" />
        <ChangePasswordCard className="lg:col-span-2" />
      </div>
    </ConsumerPage>
  );
}
