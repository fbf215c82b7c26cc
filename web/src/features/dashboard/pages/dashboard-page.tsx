import { useAuth } from '@/features/auth';
import { ConsumerPage } from '@/features/consumer/components/consumer-page';

export function DashboardPage() {
  const { user } = useAuth();
  return (
    <ConsumerPage title="Dashboard" heading={`Welcome, ${user?.firstName ?? ''}`}>
      <p className="text-muted-foreground">Your dashboard is on its way.</p>
    </ConsumerPage>
  );
}
