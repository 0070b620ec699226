// Metrics: what the chosen retailers serve for the level and timeframe (with several, what any of them serves);
// for "all", the level's full list with a note.
import { Dropdown, Field, Option } from "@fluentui/react-components";
import { useMemo } from "react";
import { dropdownButton } from "../OneLineName";
import { metricChoices, type RetailerRecord } from "./queryForm";
import type { FieldProps } from "./useQueryForm";

export function MetricsField({
  form,
  setForm,
  records,
  message,
}: FieldProps & { records: RetailerRecord[]; message?: string }) {
  const isAll = form.retailers.some((r) => r.toLowerCase() === "all");
  const several = form.retailers.length > 1;
  const { metrics: choices, notServedBy } = useMemo(
    () => metricChoices({ level: form.level, timeframe: form.timeframe }, records),
    [form.level, form.timeframe, records],
  );
  const hint = isAll
    ? "All retailers: the service omits metrics some retailers cannot serve."
    : several
      ? "What any chosen retailer serves. A metric a retailer does not serve is empty in its rows."
      : undefined;

  return (
    <Field label="Metrics" validationMessage={message} hint={hint}>
      <Dropdown
        multiselect
        placeholder="Choose one or more metrics"
        value={form.metrics.join(", ")}
        button={dropdownButton(form.metrics.join(", "))}
        selectedOptions={form.metrics}
        onOptionSelect={(_, d) => setForm((f) => ({ ...f, metrics: d.selectedOptions }))}
      >
        {choices.map((m) => {
          const without = notServedBy.get(m);
          return (
            <Option key={m} value={m} text={m}>
              {without ? `${m} (not ${without.join(", ")})` : m}
            </Option>
          );
        })}
      </Dropdown>
    </Field>
  );
}
