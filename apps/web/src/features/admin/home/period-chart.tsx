import { useEffect, useRef } from 'react';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';

/*
 * The dashboard's charts, drawn by Chart.js (see docs/architecture.md, "Back office: the
 * dashboard"): only the parts these charts use are registered, and only this screen's chunk
 * imports the library, so neither the shop nor the back office's other screens carry it.
 */
Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);

export interface ChartSeries {
  label: string;
  values: number[];
  /** The earlier period: drawn lighter (and dashed as a line), after the current one. */
  previous?: boolean;
}

/** The shop's colours, read from the stylesheet so the charts follow its theme. */
function themeColour(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/**
 * A chart of one value per day for the current and the previous period. The canvas is hidden from
 * screen readers: the caller puts the same figures in a table beside it.
 */
export function PeriodChart({
  kind,
  labels,
  series,
  formatValue,
  direction,
}: {
  kind: 'line' | 'bar';
  /** One label per day, oldest first. */
  labels: string[];
  series: ChartSeries[];
  /** How a value is written on the axis and in the tooltip. */
  formatValue: (value: number) => string;
  direction: 'ltr' | 'rtl';
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const brand = themeColour('--color-brand', '#cf3333');
    const muted = themeColour('--color-muted', '#666666');
    const rtl = direction === 'rtl';
    const chart = new Chart(canvas.current, {
      type: kind,
      data: {
        labels,
        datasets: series.map((line) => ({
          label: line.label,
          data: line.values,
          borderColor: line.previous ? muted : brand,
          backgroundColor: line.previous ? `${muted}55` : brand,
          borderDash: line.previous && kind === 'line' ? [6, 4] : [],
          borderWidth: 2,
          pointRadius: 0,
          pointHitRadius: 8,
          cubicInterpolationMode: 'monotone',
        })),
      },
      options: {
        maintainAspectRatio: false,
        animation: false,
        interaction: { mode: 'index', intersect: false },
        // Chart.js draws its own text; the page's font and direction keep it like the rest.
        font: { family: getComputedStyle(canvas.current).fontFamily },
        scales: {
          x: {
            // Right to left, the oldest day is on the right, as the text reads.
            reverse: rtl,
            grid: { display: false },
            ticks: { maxRotation: 0, autoSkipPadding: 16, color: muted },
          },
          y: {
            position: rtl ? 'right' : 'left',
            beginAtZero: true,
            ticks: { precision: 0, color: muted, callback: (value) => formatValue(Number(value)) },
          },
        },
        plugins: {
          legend: { rtl, textDirection: direction, labels: { boxWidth: 12 } },
          tooltip: {
            rtl,
            textDirection: direction,
            callbacks: {
              label: (item) => `${item.dataset.label ?? ''}: ${formatValue(Number(item.raw))}`,
            },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [kind, labels, series, formatValue, direction]);
  return (
    <div className="relative h-64 w-full">
      <canvas ref={canvas} aria-hidden="true" />
    </div>
  );
}
