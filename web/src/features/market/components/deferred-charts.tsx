import { lazy, Suspense, useEffect, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import type { EChart as EChartNow } from './echart';
import type { MarketMap as MarketMapNow } from './market-map';

// ECharts is most of the page's JS: the figures and tables render without it, each chart once near the screen.
const LazyEChart = lazy(() => import('./echart').then((m) => ({ default: m.EChart })));
const LazyMarketMap = lazy(() => import('./market-map').then((m) => ({ default: m.MarketMap })));

/** `children` once its box comes near the viewport and its code has loaded; until then a placeholder of its size. */
function WhenNear({ className, children }: { className: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(box.current!);
    return () => observer.disconnect();
  }, [near]);
  const placeholder = (
    <div ref={box} className={className}>
      <Skeleton className="size-full" />
    </div>
  );
  return near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}

const CHART_SIZE = 'h-64 w-full';

export function EChart(props: ComponentProps<typeof EChartNow>) {
  return (
    <WhenNear className={props.className ?? CHART_SIZE}>
      <LazyEChart {...props} />
    </WhenNear>
  );
}

/** The map's placeholder: its chart (h-80, sm:h-[420px]) and its one-line caption. */
export function MarketMap(props: ComponentProps<typeof MarketMapNow>) {
  return (
    <WhenNear className="h-84 w-full sm:h-[436px]">
      <LazyMarketMap {...props} />
    </WhenNear>
  );
}
