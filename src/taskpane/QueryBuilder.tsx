// The query builder: dropdowns fed by the service's own lists, validated inline by the shared rules.
import {
  Button,
  Checkbox,
  Combobox,
  Dropdown,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Option,
  ProgressBar,
  Radio,
  RadioGroup,
  Text,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { useMemo, useRef, useState } from "react";
import { formulaFor, retailerLabel } from "../core/describe";
import { LEVEL_METRICS, NEVER_DAILY, servedMetrics, TIMEFRAMES, type Timeframe } from "../core/metrics";
import { PRESETS, presetRange } from "../core/presets";
import { earliestStoreDailyDate } from "../core/validate";
import { errorText } from "./messages";
import type { Operations, PullSummary } from "./operations";
import { checkForm, toDataQuery, type QueryForm } from "./queryForm";
import type { Lists } from "./useLists";

const useStyles = makeStyles({
  section: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  row: { display: "flex", gap: tokens.spacingHorizontalS, flexWrap: "wrap", alignItems: "flex-end" },
  dates: { display: "grid", gridTemplateColumns: "1fr 1fr", gap: tokens.spacingHorizontalS },
  presets: { display: "flex", gap: tokens.spacingHorizontalXS, flexWrap: "wrap" },
});

const TIMEFRAME_LABEL: Record<Timeframe, string> = { daily: "Daily", weekly: "Weekly", monthly: "Monthly" };
const COMPARISON_LABEL: Record<QueryForm["comparison"], string> = {
  "": "None",
  period: "vs previous period",
  year: "vs same period last year",
};
const FILTER_FIELDS: QueryForm["filter"][] = ["sku", "filter1", "filter2", "filter3", "filter4", "filter5"];

export interface QueryBuilderProps {
  form: QueryForm;
  setForm: (update: (f: QueryForm) => QueryForm) => void;
  lists: Lists;
  today: string;
  connected: boolean;
  operations: Operations;
  onPulled: (summary: PullSummary) => void;
}

export function QueryBuilder({ form, setForm, lists, today, connected, operations, onPulled }: QueryBuilderProps) {
  const styles = useStyles();
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState<{ done: number; total: number } | null>(null);
  const [result, setResult] = useState<{ summary?: PullSummary; error?: string; info?: string } | null>(null);
  const abort = useRef<AbortController | null>(null);
  const set = <K extends keyof QueryForm>(key: K, value: QueryForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  const isAll = form.retailer.toLowerCase() === "all";
  const record = lists.metrics?.find((r) => r.retailer === form.retailer);
  const { errors, warnings } = useMemo(() => checkForm(form, today, lists.metrics), [form, today, lists.metrics]);
  // Before the first "Get data", empty required fields are not errors yet.
  const shown = (field: keyof typeof errors) => {
    const message = errors[field];
    if (!message) return undefined;
    if (!attempted && /is missing|is empty/.test(message)) return undefined;
    return message;
  };

  const metricChoices = useMemo(() => {
    const levelList = LEVEL_METRICS[form.level].filter((m) => form.timeframe !== "daily" || !NEVER_DAILY.includes(m));
    if (isAll || !record) return levelList;
    return servedMetrics(record, form.level, form.timeframe) ?? [];
  }, [form.level, form.timeframe, isAll, record]);

  const viewbyChoices = useMemo(() => {
    const f = lists.filters;
    if (!f) return [];
    return form.filter === "sku" ? f.sku : f[form.filter];
  }, [lists.filters, form.filter]);

  const storeDaily = form.level === "store" && form.timeframe === "daily";
  const earliest = storeDaily ? earliestStoreDailyDate(today) : undefined;

  async function getData() {
    setAttempted(true);
    setResult(null);
    if (Object.keys(errors).length > 0) return;
    const controller = new AbortController();
    abort.current = controller;
    setBusy({ done: 0, total: 0 });
    try {
      const summary = await operations.getData(toDataQuery(form, today), {
        rolling: form.rolling,
        destination: form.destination,
        signal: controller.signal,
        onProgress: (done, total) => setBusy({ done, total }),
      });
      setResult({ summary });
      onPulled(summary);
    } catch (err) {
      setResult({ error: errorText(err) });
    } finally {
      setBusy(null);
      abort.current = null;
    }
  }

  async function insertFormula() {
    setAttempted(true);
    if (Object.keys(errors).length > 0) return;
    try {
      const address = await operations.insertFormula(formulaFor(toDataQuery(form, today), form.rolling));
      setResult({ info: `Formula written to ${address}.` });
    } catch (err) {
      setResult({ error: errorText(err) });
    }
  }

  return (
    <section className={styles.section} aria-labelledby="builder-title">
      <div className={styles.row}>
        <Text as="h2" weight="semibold" size={400} id="builder-title">
          Get data
        </Text>
        <Button size="small" appearance="subtle" onClick={lists.reload} disabled={!connected}>
          Reload lists
        </Button>
      </div>
      {!connected && <Text size={200}>Connect first: the lists below come from the service.</Text>}
      {lists.error && (
        <MessageBar intent="error">
          <MessageBarBody>{lists.error}</MessageBarBody>
        </MessageBar>
      )}
      <Field label="Level">
        <RadioGroup
          layout="horizontal"
          value={form.level}
          onChange={(_, d) =>
            // "all" exists at SKU level only: switching to Store clears it rather than keep an invalid choice.
            setForm((f) => ({
              ...f,
              level: d.value as QueryForm["level"],
              retailer: d.value === "store" && f.retailer.toLowerCase() === "all" ? "" : f.retailer,
            }))
          }
        >
          <Radio value="sku" label="SKU" />
          <Radio value="store" label="Store" />
        </RadioGroup>
      </Field>
      <Field label="Retailer" validationMessage={shown("retailer")}>
        <Dropdown
          placeholder={connected ? "Choose a retailer" : "Connect to load retailers"}
          value={form.retailer ? retailerLabel(form.retailer) : ""}
          selectedOptions={form.retailer ? [form.retailer] : []}
          onOptionSelect={(_, d) => setForm((f) => ({ ...f, retailer: d.optionValue ?? "", viewby: "" }))}
          disabled={!connected}
        >
          {lists.retailers
            .filter((r) => form.level === "sku" || r.toLowerCase() !== "all")
            .map((r) => (
              <Option key={r} value={r} text={retailerLabel(r)}>
                {retailerLabel(r)}
              </Option>
            ))}
        </Dropdown>
      </Field>
      <Field label="Timeframe" validationMessage={shown("timeframe")}>
        <Dropdown
          value={TIMEFRAME_LABEL[form.timeframe]}
          selectedOptions={[form.timeframe]}
          onOptionSelect={(_, d) => set("timeframe", (d.optionValue ?? "weekly") as Timeframe)}
        >
          {TIMEFRAMES.map((t) => {
            const unavailable = record && servedMetrics(record, form.level, t) === null;
            const text = unavailable
              ? `${TIMEFRAME_LABEL[t]} (not served by ${form.retailer} at this level)`
              : TIMEFRAME_LABEL[t];
            return (
              <Option key={t} value={t} disabled={!!unavailable} text={text}>
                {text}
              </Option>
            );
          })}
        </Dropdown>
      </Field>
      <Field
        label="Metrics"
        validationMessage={shown("metrics")}
        hint={isAll ? "All retailers: the service omits metrics some retailers cannot serve." : undefined}
      >
        <Dropdown
          multiselect
          placeholder="Choose one or more metrics"
          value={form.metrics.join(", ")}
          selectedOptions={form.metrics}
          onOptionSelect={(_, d) => set("metrics", d.selectedOptions)}
        >
          {metricChoices.map((m) => (
            <Option key={m} value={m}>
              {m}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <div className={styles.dates}>
        <Field label="From" validationMessage={shown("from")}>
          <Input type="date" value={form.from} min={earliest} max={today} onChange={(_, d) => set("from", d.value)} />
        </Field>
        <Field label="To" validationMessage={shown("to")}>
          <Input
            type="date"
            value={form.to}
            min={earliest}
            disabled={form.rolling}
            onChange={(_, d) => set("to", d.value)}
          />
        </Field>
      </div>
      <div className={styles.presets} role="group" aria-label="Date presets">
        {PRESETS.map((p) => (
          <Button
            key={p.id}
            size="small"
            onClick={() => {
              const r = presetRange(p.id, today);
              setForm((f) => ({ ...f, from: r.from, to: r.to }));
            }}
          >
            {p.label}
          </Button>
        ))}
      </div>
      {storeDaily && <Text size={200}>Store-level daily data goes back 14 days: the earliest From is {earliest}.</Text>}
      <Checkbox
        checked={form.rolling}
        onChange={(_, d) => set("rolling", !!d.checked)}
        label="Up to today (the saved query rolls forward with each refresh)"
      />
      <Field label="Comparison" validationMessage={shown("comparison")}>
        <Dropdown
          value={COMPARISON_LABEL[form.comparison]}
          selectedOptions={[form.comparison]}
          onOptionSelect={(_, d) => set("comparison", (d.optionValue ?? "") as QueryForm["comparison"])}
        >
          {(Object.keys(COMPARISON_LABEL) as QueryForm["comparison"][]).map((c) => (
            <Option key={c || "none"} value={c} text={COMPARISON_LABEL[c]}>
              {COMPARISON_LABEL[c]}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field label="Filter" validationMessage={shown("filter")}>
        <Dropdown
          value={form.filter === "sku" ? "SKU" : form.filter}
          selectedOptions={[form.filter]}
          onOptionSelect={(_, d) =>
            setForm((f) => ({ ...f, filter: (d.optionValue ?? "sku") as QueryForm["filter"], viewby: "" }))
          }
        >
          {FILTER_FIELDS.map((f) => {
            const sample = f !== "sku" ? lists.filters?.[f]?.slice(0, 3).join(", ") : undefined;
            const text = f === "sku" ? "SKU" : sample ? `${f} (${sample}…)` : f;
            return (
              <Option key={f} value={f} text={text}>
                {text}
              </Option>
            );
          })}
        </Dropdown>
      </Field>
      <Field
        label="View by"
        validationMessage={shown("viewby")}
        hint="Optional: one SKU or filter name (case sensitive)."
      >
        <Combobox
          freeform
          placeholder="All"
          value={form.viewby}
          selectedOptions={form.viewby ? [form.viewby] : []}
          onOptionSelect={(_, d) => set("viewby", d.optionValue ?? "")}
          onChange={(e) => set("viewby", (e.target as HTMLInputElement).value)}
        >
          {viewbyChoices
            .filter((v) => !form.viewby || v.toLowerCase().includes(form.viewby.toLowerCase()))
            .slice(0, 100)
            .map((v) => (
              <Option key={v} value={v}>
                {v}
              </Option>
            ))}
        </Combobox>
      </Field>
      <Field label="Destination">
        <RadioGroup
          value={form.destination}
          onChange={(_, d) => set("destination", d.value as QueryForm["destination"])}
        >
          <Radio value="new-sheet" label="New sheet" />
          <Radio value="selection" label="At the selected cell" />
        </RadioGroup>
      </Field>
      {warnings.map((w) => (
        <MessageBar key={w} intent="warning">
          <MessageBarBody>{w}</MessageBarBody>
        </MessageBar>
      ))}
      <div className={styles.row}>
        <Button appearance="primary" onClick={() => void getData()} disabled={!connected || !!busy}>
          Get data
        </Button>
        <Button onClick={() => void insertFormula()} disabled={!!busy}>
          Insert formula
        </Button>
      </div>
      {busy && (
        <div className={styles.section}>
          <ProgressBar value={busy.total ? busy.done / busy.total : undefined} aria-label="Writing the table" />
          <div className={styles.row}>
            <Text size={200}>
              {busy.total
                ? `Written ${busy.done.toLocaleString()} of ${busy.total.toLocaleString()} rows`
                : "Reading from the service…"}
            </Text>
            <Button size="small" onClick={() => abort.current?.abort()}>
              Cancel
            </Button>
          </div>
        </div>
      )}
      {result?.error && (
        <MessageBar intent="error">
          <MessageBarBody>{result.error}</MessageBarBody>
        </MessageBar>
      )}
      {result?.info && (
        <MessageBar intent="success">
          <MessageBarBody>{result.info}</MessageBarBody>
        </MessageBar>
      )}
      {result?.summary && <PullSummaryBar summary={result.summary} />}
    </section>
  );
}

function PullSummaryBar({ summary }: { summary: PullSummary }) {
  const covered = summary.periodFrom ? ` covering ${summary.periodFrom} to ${summary.periodTo}` : "";
  return (
    <MessageBar intent={summary.complete ? "success" : "warning"} role="status">
      <MessageBarBody>
        <div>
          {summary.complete ? "Wrote" : "Cancelled after"} {summary.rows.toLocaleString()} rows to {summary.tableName}{" "}
          on {summary.sheet}
          {covered}.
        </div>
        {summary.omittedMetrics.length > 0 && <div>Omitted by the retailer: {summary.omittedMetrics.join(", ")}.</div>}
        {summary.warnings.map((w) => (
          <div key={w}>{w}</div>
        ))}
      </MessageBarBody>
    </MessageBar>
  );
}
