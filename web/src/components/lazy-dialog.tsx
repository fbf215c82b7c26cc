import { lazy, Suspense, type ComponentType } from 'react';
import { useOpenedOnce } from '@/hooks/use-opened-once';

/**
 * A dialog (or sheet) whose code downloads when it is first opened instead of with its page: renders
 * nothing until `open` is first true, then the dialog, which stays mounted so it can animate out.
 *
 *   const BrokerInfoDialog = lazyDialog(() => import('./broker-info-dialog'), 'BrokerInfoDialog');
 */
export function lazyDialog<Props extends { open: boolean }, Name extends string>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
): ComponentType<Props> {
  const Dialog = lazy<ComponentType<Props>>(() => load().then((module) => ({ default: module[name] })));
  return function LazyDialog(props: Props) {
    const opened = useOpenedOnce(props.open);
    if (!opened) return null;
    return (
      <Suspense>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
