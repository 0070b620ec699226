// Comparison (none / vs previous period / vs same period last year) and Filter (SKU or the five filter fields).
import { Dropdown, Field, Option } from "@fluentui/react-components";
import type { FiltersRecord } from "../../api";
import { FILTERS, type Filter } from "../../core/query/metrics";
import type { QueryForm } from "./queryForm";
import { fieldMessage } from "./fieldMessage";
import type { FieldMessage, FieldProps } from "./useQueryForm";

const COMPARISON_LABEL: Record<QueryForm["comparison"], string> = {
  "": "None",
  period: "vs previous period",
  year: "vs same period last year",
};

export function ComparisonFilterFields({
  form,
  setForm,
  filters,
  comparisonMessage,
  filterMessage,
}: FieldProps & { filters?: FiltersRecord; comparisonMessage?: FieldMessage; filterMessage?: FieldMessage }) {
  return (
    <>
      <Field label="Comparison" {...fieldMessage(comparisonMessage)}>
        <Dropdown
          value={COMPARISON_LABEL[form.comparison]}
          selectedOptions={[form.comparison]}
          onOptionSelect={(_, d) =>
            setForm((f) => ({ ...f, comparison: (d.optionValue ?? "") as QueryForm["comparison"] }), "comparison")
          }
        >
          {(Object.keys(COMPARISON_LABEL) as QueryForm["comparison"][]).map((c) => (
            <Option key={c || "none"} value={c} text={COMPARISON_LABEL[c]}>
              {COMPARISON_LABEL[c]}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field label="Filter" {...fieldMessage(filterMessage)}>
        <Dropdown
          value={form.filter === "sku" ? "SKU" : form.filter}
          selectedOptions={[form.filter]}
          onOptionSelect={(_, d) =>
            setForm((f) => ({ ...f, filter: (d.optionValue ?? "sku") as Filter, viewby: "" }), "filter")
          }
        >
          {FILTERS.map((f) => {
            const sample = f !== "sku" ? filters?.[f]?.slice(0, 3).join(", ") : undefined;
            const text = f === "sku" ? "SKU" : sample ? `${f} (${sample}…)` : f;
            return (
              <Option key={f} value={f} text={text}>
                {text}
              </Option>
            );
          })}
        </Dropdown>
      </Field>
    </>
  );
}
