import { lazy, Suspense, type ComponentProps } from 'react';
import { useAuth } from '@/features/auth';
import type { RemoveContributionButton } from './remove-contribution-button';

const LazyRemoveContributionButton = lazy(() => import('./remove-contribution-button').then((module) => ({ default: module.RemoveContributionButton })));

/** The operators' Remove on a listing's or requirement's page: its code loads for operators only, not with every broker's page. */
export function OperatorRemoveButton(props: ComponentProps<typeof RemoveContributionButton>) {
  const { user } = useAuth();
  if (!user?.isOperator) return null;
  return (
    <Suspense>
      <LazyRemoveContributionButton {...props} />
    </Suspense>
  );
}
