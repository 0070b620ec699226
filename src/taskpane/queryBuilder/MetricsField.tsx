// Metrics: what the chosen retailers serve for the level and timeframe (with several, what any of them serves);
// for "all", the level's full list with a note. Each by its plain name, the service's name beside it ("Unit rate of
// sale (unit_ros)"); the query and the table's headers keep the service's names.
import { Dropdown, Field, Option } from "@fluentui/react-components";
import { useMemo } from "react";
import { metricLabel } from "../../core/query/metrics";
import { dropdownButton } from "../OneLineName";
import { fieldMessage } from "./fieldMessage";
import { metricChoices, type RetailerRecord } from "./queryForm";
import type { FieldMessage, FieldProps } from "./useQueryForm";

export function MetricsField({
  form,
  setForm,
  records,
  message,
}: FieldProps & { records: RetailerRecord[]; message?: FieldMessage }) {
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

  const chosen = form.metrics.map(metricLabel).join(", ");

  return (
    <Field label="Metrics" {...fieldMessage(message)} hint={hint}>
      <Dropdown
        multiselect
        placeholder="Choose one or more metrics"
        value={chosen}
        button={dropdownButton(chosen)}
        selectedOptions={form.metrics}
        onOptionSelect={(_, d) => setForm((f) => ({ ...f, metrics: d.selectedOptions }), "metrics")}
      >
        {choices.map((m) => {
          const without = notServedBy.get(m);
          const label = metricLabel(m);
          return (
            <Option key={m} value={m} text={label}>
              {without ? `${label} (not ${without.join(", ")})` : label}
            </Option>
          );
        })}
      </Dropdown>
    </Field>
  );
}
