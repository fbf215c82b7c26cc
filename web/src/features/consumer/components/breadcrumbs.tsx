import { Link, useMatches } from '@tanstack/react-router';
import { createContext, Fragment, useContext, useEffect, useState, type ReactNode } from 'react';
import {
  Breadcrumb,
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbList,
  BreadcrumbPage,
  BreadcrumbSeparator,
} from '@/components/ui/breadcrumb';
import { consumerPaths } from '../paths';

/** One step of the trail a route names in its `staticData.crumbs` (routes/consumer-route.tsx). */
export interface Crumb {
  readonly label: string;
  /** Link target; leave out for the current page. */
  readonly to?: string;
}

type SetTitle = (title: string | undefined) => void;
const TitleContext = createContext<{ title: string | undefined; setTitle: SetTitle } | null>(null);

/** Holds the dynamic last crumb a page sets with useBreadcrumbTitle. */
export function BreadcrumbTitleProvider({ children }: { children: ReactNode }) {
  const [title, setTitle] = useState<string | undefined>();
  return <TitleContext.Provider value={{ title, setTitle }}>{children}</TitleContext.Provider>;
}

/** A page whose name is data (a requirement's title) puts it at the end of the trail while it is shown. */
export function useBreadcrumbTitle(title: string | undefined): void {
  const setTitle = useContext(TitleContext)?.setTitle;
  useEffect(() => {
    setTitle?.(title);
    return () => setTitle?.(undefined);
  }, [setTitle, title]);
}

/** Home › the matched route's `staticData.crumbs` › the page's dynamic title. */
export function ConsumerBreadcrumbs() {
  const title = useContext(TitleContext)?.title;
  const routeCrumbs = useMatches({
    select: (matches) => matches.flatMap((match) => match.staticData.crumbs ?? []),
  });
  const crumbs: Crumb[] = [{ label: 'Home', to: consumerPaths.dashboard }, ...routeCrumbs];
  if (title) crumbs.push({ label: title });
  // The last crumb is the current page, whatever the route said.
  const last = crumbs.length - 1;

  return (
    <Breadcrumb className="min-w-0">
      <BreadcrumbList>
        {crumbs.map((crumb, index) => (
          <Fragment key={`${index}-${crumb.label}`}>
            {index > 0 && <BreadcrumbSeparator />}
            <BreadcrumbItem className="min-w-0">
              {index === last || !crumb.to ? (
                <BreadcrumbPage className="truncate">{crumb.label}</BreadcrumbPage>
              ) : (
                <BreadcrumbLink asChild>
                  <Link to={crumb.to}>{crumb.label}</Link>
                </BreadcrumbLink>
              )}
            </BreadcrumbItem>
          </Fragment>
        ))}
      </BreadcrumbList>
    </Breadcrumb>
  );
}
