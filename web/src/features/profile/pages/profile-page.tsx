import { ConsumerPage } from '@/features/consumer/components/consumer-page';

export function ProfilePage() {
  return (
    <ConsumerPage title="My Profile">
      <p className="text-muted-foreground">Your profile is on its way.</p>
    </ConsumerPage>
  );
}
