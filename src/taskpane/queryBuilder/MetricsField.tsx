// Metrics: the retailer's list for the level and timeframe; for "all", the level's full list with a note.
import { Dropdown, Field, Option } from "@fluentui/react-components";
import { useMemo } from "react";
import type { MetricsRecord } from "../../api";
import { LEVEL_METRICS, NEVER_DAILY, servedMetrics } from "../../core/metrics";
import { dropdownButton } from "../OneLineName";
import type { FieldProps } from "./useQueryForm";

export function MetricsField({
  form,
  setForm,
  record,
  message,
}: FieldProps & { record?: MetricsRecord; message?: string }) {
  const isAll = form.retailer.toLowerCase() === "all";
  const choices = useMemo(() => {
    const levelList = LEVEL_METRICS[form.level].filter((m) => form.timeframe !== "daily" || !NEVER_DAILY.includes(m));
    if (isAll || !record) return levelList;
    return servedMetrics(record, form.level, form.timeframe) ?? [];
  }, [form.level, form.timeframe, isAll, record]);

  return (
    <Field
      label="Metrics"
      validationMessage={message}
      hint={isAll ? "All retailers: the service omits metrics some retailers cannot serve." : undefined}
    >
      <Dropdown
        multiselect
        placeholder="Choose one or more metrics"
        value={form.metrics.join(", ")}
        button={dropdownButton(form.metrics.join(", "))}
        selectedOptions={form.metrics}
        onOptionSelect={(_, d) => setForm((f) => ({ ...f, metrics: d.selectedOptions }))}
      >
        {choices.map((m) => (
          <Option key={m} value={m}>
            {m}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}
