// Timeframe: a timeframe the retailer does not serve at this level is disabled, with the reason.
import { Dropdown, Field, Option } from "@fluentui/react-components";
import type { MetricsRecord } from "../../api";
import { servedMetrics, TIMEFRAMES, type Timeframe } from "../../core/metrics";
import type { FieldProps } from "./useQueryForm";

const TIMEFRAME_LABEL: Record<Timeframe, string> = { daily: "Daily", weekly: "Weekly", monthly: "Monthly" };

export function TimeframeField({
  form,
  setForm,
  record,
  message,
}: FieldProps & { record?: MetricsRecord; message?: string }) {
  return (
    <Field label="Timeframe" validationMessage={message}>
      <Dropdown
        value={TIMEFRAME_LABEL[form.timeframe]}
        selectedOptions={[form.timeframe]}
        onOptionSelect={(_, d) => setForm((f) => ({ ...f, timeframe: (d.optionValue ?? "weekly") as Timeframe }))}
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
  );
}
