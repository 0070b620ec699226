// The small trend on a managed table's card: its first metric by period as bars (a plain SVG, scaled to the
// card), the periods the last refresh re-read shaded and coloured, and in words: what it shows, the window, the
// latest revision's change and what was left out. The figures come from src/core/refresh/trend.ts; the words are
// the pane's: days in the user's date style, the metric by its plain name.
import { Text, makeStyles, tokens } from "@fluentui/react-components";
import { metricLabel } from "../../core/query/metrics";
import type { MetricChange } from "../../core/refresh/revisions";
import {
  TREND_PERIODS,
  periodsText,
  pointValueText,
  trendNotes,
  type Trend,
  type TrendPoint,
} from "../../core/refresh/trend";
import type { DateStyle } from "../../core/words";
import { useDateStyle } from "../dateStyle";
import type { CardTrend } from "../operations/trendOperations";
import { changesWords } from "../paneWords";

/** The drawing's own units: the card's width at Excel's 320 px pane; the SVG scales to the card, never wider. */
const WIDTH = 280;
const HEIGHT = 56;
const PAD = 2;

const useStyles = makeStyles({
  trend: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXXS, minWidth: 0 },
  // Words wrap anywhere rather than widen the card at 320 px.
  words: { overflowWrap: "anywhere" },
  muted: { overflowWrap: "anywhere", color: tokens.colorNeutralForeground3 },
  chart: { display: "block", width: "100%", maxWidth: "100%", height: `${HEIGHT}px` },
  bar: { fill: tokens.colorNeutralStrokeAccessible },
  reread: { fill: tokens.colorBrandBackground },
  band: { fill: tokens.colorBrandBackground2 },
  empty: { fill: tokens.colorNeutralStroke2 },
  legend: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalXS },
  swatch: {
    flexShrink: 0,
    width: "10px",
    height: "10px",
    borderRadius: tokens.borderRadiusSmall,
    backgroundColor: tokens.colorBrandBackground,
  },
});

/** Everything the card says about the trend, as text (what a test reads; the chart shows the same). */
export interface TrendChartWords {
  /** "Total revenue by week · 13 weeks to 16/11/2026: 40,807.05". */
  caption: string;
  /** The chart's accessible name: the metric, the periods, the first and last values, the window, the notes. */
  label: string;
  /** "re-read by the last refresh: 16/11/2026 to 27/11/2026"; "" when no period shown was re-read. */
  window: string;
  /** "Last refresh: Revenue, 16/11/2026 to 22/11/2026: 40,666.81 to 40,807.05, +0.34%"; "" without a change. */
  change: string;
  notes: string[];
}

const UNIT = { daily: "day", weekly: "week", monthly: "month" } as const;

/**
 * Whether the chart shades the days the last refresh re-read and names them in its legend: the card's own line
 * then leaves them out, so the card says them once.
 */
export function marksRereadDays(trend: CardTrend): boolean {
  return !trend.onlyPeriod && trend.window !== undefined && trend.points.some((p) => p.inWindow);
}

/** "Total revenue by week", "Average unit rate of sale (unit_ros) by month", "Total revenue of 3 retailers by week". */
function title(t: Trend): string {
  const how = t.aggregation === "total" ? "Total" : "Average";
  const label = metricLabel(t.metric);
  const over = t.retailers ? ` of ${t.retailers} retailers` : "";
  return `${how} ${label.charAt(0).toLowerCase()}${label.slice(1)}${over} by ${UNIT[t.timeframe]}`;
}

/**
 * The card's words for a trend, in the pane's date style.
 */
function trendChartWords(
  trend: CardTrend,
  style: Pick<DateStyle, "day" | "range">,
  change?: MetricChange,
): TrendChartWords {
  const head = title(trend);
  const first = trend.points.at(0);
  const last = trend.points.at(-1);
  const periods = periodsText(trend.points.length, trend.timeframe);
  const window =
    trend.window && marksRereadDays(trend) ? `re-read by the last refresh: ${style.range(trend.window)}` : "";
  const notes = trendNotes(trend);
  if (trend.onlyPeriod) return onePeriodWords(trend, trend.onlyPeriod, head, style, change);
  const span = first && last && style.range({ from: first.period, to: last.period });
  const sentence = [
    `${head}, ${periods}, ${span}: first ${pointValueText(first?.value ?? null)}, last ${pointValueText(last?.value ?? null)}`,
    window,
    ...notes,
  ].filter((part) => part !== "");
  return {
    caption: last
      ? `${head} · ${periods} to ${style.day(last.period)}: ${pointValueText(last.value)}`
      : `${head}: no dated rows`,
    label: last ? `${sentence.join("; ")}.` : `${head}: no dated rows.`,
    window,
    change: change ? `Last refresh: ${changesWords([change], style)}` : "",
    notes,
  };
}

/**
 * A table of one period, in words: "One day so far: the trend starts with the next refresh" (a daily table's next
 * refresh adds the day after); a weekly or monthly one waits for its next period.
 */
function onePeriodText(timeframe: Trend["timeframe"]): string {
  const unit = UNIT[timeframe];
  const when = timeframe === "daily" ? "with the next refresh" : `when the table holds a second ${unit}`;
  return `One ${unit} so far: the trend starts ${when}`;
}

/**
 * A table of one period: the period, its figure when every row was read (a read of its last rows holds only some
 * of the period's), and that a trend needs more ("Total revenue by day · 24/11/2026: 40,807.05").
 */
function onePeriodWords(
  trend: Trend,
  only: NonNullable<CardTrend["onlyPeriod"]>,
  head: string,
  style: Pick<DateStyle, "day" | "range">,
  change?: MetricChange,
): TrendChartWords {
  const point = only.whole ? trend.points.at(0) : undefined;
  const caption = `${head} · ${style.day(only.period)}${point ? `: ${pointValueText(point.value)}` : ""}`;
  const notes = [onePeriodText(trend.timeframe), ...trendNotes(trend)];
  return {
    caption,
    label: `${[caption, ...notes].join("; ")}.`,
    window: "",
    change: change ? `Last refresh: ${changesWords([change], style)}` : "",
    notes,
  };
}

/** The bars' vertical scale: zero always in view, so a bar's height is its value's size. */
function scale(points: readonly TrendPoint[]): (v: number) => number {
  const values = points.flatMap((p) => (p.value === null ? [] : [p.value]));
  const lo = Math.min(0, ...values);
  const hi = Math.max(0, ...values);
  const span = hi - lo || 1;
  return (v) => PAD + ((hi - v) / span) * (HEIGHT - 2 * PAD);
}

/** Bars right-aligned in TREND_PERIODS slots, so every card's latest period sits at the same place. */
function Bars({ trend, label, style }: { trend: Trend; label: string; style: DateStyle }) {
  const styles = useStyles();
  const slot = WIDTH / Math.max(TREND_PERIODS, trend.points.length);
  const first = WIDTH - slot * trend.points.length;
  const y = scale(trend.points);
  const zero = y(0);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      className={styles.chart}
    >
      {trend.points.map((p, i) => {
        const x = first + i * slot;
        const title = `${style.day(p.period)}: ${pointValueText(p.value)}${p.inWindow ? " (re-read)" : ""}`;
        const band = p.inWindow ? <rect x={x} y={0} width={slot} height={HEIGHT} className={styles.band} /> : null;
        if (p.value === null)
          return (
            <g key={p.period}>
              {band}
              <rect x={x + slot * 0.15} y={zero - 1} width={slot * 0.7} height={2} className={styles.empty}>
                <title>{title}</title>
              </rect>
            </g>
          );
        const top = Math.min(y(p.value), zero);
        const height = Math.max(Math.abs(y(p.value) - zero), 1);
        return (
          <g key={p.period} data-reread={p.inWindow ? "true" : undefined}>
            {band}
            <rect
              x={x + slot * 0.15}
              y={top}
              width={slot * 0.7}
              height={height}
              className={p.inWindow ? styles.reread : styles.bar}
            >
              <title>{title}</title>
            </rect>
          </g>
        );
      })}
    </svg>
  );
}

export function TrendChart({ trend, change }: { trend: CardTrend; change?: MetricChange }) {
  const styles = useStyles();
  const style = useDateStyle();
  const words = trendChartWords(trend, style, change);
  return (
    <div className={styles.trend}>
      <Text size={200} className={styles.words}>
        {words.caption}
      </Text>
      {trend.points.length > 0 && (!trend.onlyPeriod || trend.onlyPeriod.whole) && (
        <Bars trend={trend} label={words.label} style={style} />
      )}
      {words.window && (
        <div className={styles.legend}>
          <span className={styles.swatch} aria-hidden="true" />
          <Text size={200} className={styles.words}>
            {words.window}
          </Text>
        </div>
      )}
      {words.change && (
        <Text size={200} className={styles.words}>
          {words.change}
        </Text>
      )}
      {words.notes.length > 0 && (
        <Text size={200} className={styles.muted}>
          {words.notes.join("; ")}
        </Text>
      )}
    </div>
  );
}
