// Timeframe: a timeframe a chosen retailer does not serve at this level is disabled, with the reason naming it
// (the client refuses a query any of its retailers cannot serve).
import { Dropdown, Field, Option } from "@fluentui/react-components";
import { TIMEFRAMES, type Timeframe } from "../../core/query/metrics";
import { timeframeNotServedBy, type RetailerRecord } from "./queryForm";
import { fieldMessage } from "./fieldMessage";
import type { FieldMessage, FieldProps } from "./useQueryForm";

const TIMEFRAME_LABEL: Record<Timeframe, string> = { daily: "Daily", weekly: "Weekly", monthly: "Monthly" };

export function TimeframeField({
  form,
  setForm,
  records,
  message,
}: FieldProps & { records: RetailerRecord[]; message?: FieldMessage }) {
  return (
    <Field label="Timeframe" {...fieldMessage(message)}>
      <Dropdown
        value={TIMEFRAME_LABEL[form.timeframe]}
        selectedOptions={[form.timeframe]}
        onOptionSelect={(_, d) =>
          setForm((f) => ({ ...f, timeframe: (d.optionValue ?? "weekly") as Timeframe }), "timeframe")
        }
      >
        {TIMEFRAMES.map((t) => {
          const without = timeframeNotServedBy(form.level, t, records);
          const text = without.length
            ? `${TIMEFRAME_LABEL[t]} (not served by ${without.join(", ")} at this level)`
            : TIMEFRAME_LABEL[t];
          return (
            <Option key={t} value={t} disabled={without.length > 0} text={text}>
              {text}
            </Option>
          );
        })}
      </Dropdown>
    </Field>
  );
}
