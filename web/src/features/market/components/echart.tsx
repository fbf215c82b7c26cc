import { BarChart, LineChart, MapChart, ScatterChart } from 'echarts/charts';
import { GeoComponent, GridComponent, LegendComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import { init, use as registerChartParts, type ComposeOption, type ECharts } from 'echarts/core';
import type { BarSeriesOption, LineSeriesOption, MapSeriesOption, ScatterSeriesOption } from 'echarts/charts';
import type { GeoComponentOption, GridComponentOption, LegendComponentOption, TooltipComponentOption, VisualMapComponentOption } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only what the Market page draws, so the chunk carries no more of ECharts than that.
registerChartParts([LineChart, BarChart, MapChart, ScatterChart, GridComponent, TooltipComponent, LegendComponent, VisualMapComponent, GeoComponent, SVGRenderer]);

export type ChartOption = ComposeOption<
  | LineSeriesOption
  | BarSeriesOption
  | MapSeriesOption
  | ScatterSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
  | VisualMapComponentOption
  | GeoComponentOption
>;

/**
 * One ECharts chart (SVG), sized by its box and redrawn when the option changes. `label` names it for
 * assistive technology; its table view carries the data. `onRendered` gets the chart after each draw
 * (the map places its buttons), `onClick` the clicked item's parameters.
 */
export function EChart({
  option,
  label,
  className,
  onRendered,
  onClick,
}: {
  option: ChartOption;
  label: string;
  className?: string;
  onRendered?: (chart: ECharts) => void;
  onClick?: (params: { seriesType?: string; name: string; data: unknown }) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const handlers = useRef({ onRendered, onClick });
  handlers.current = { onRendered, onClick };

  useEffect(() => {
    const instance = init(box.current!, null, { renderer: 'svg' });
    chart.current = instance;
    instance.on('finished', () => handlers.current.onRendered?.(instance));
    instance.on('click', (params) => handlers.current.onClick?.(params as { seriesType?: string; name: string; data: unknown }));
    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(box.current!);
    return () => {
      resize.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={box} role="img" aria-label={label} className={className ?? 'h-64 w-full'} />;
}
