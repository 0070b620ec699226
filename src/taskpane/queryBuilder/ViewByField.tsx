// View by: one SKU or filter name, searchable, from the retailer's filters list.
import { Combobox, Field, Option } from "@fluentui/react-components";
import { useMemo } from "react";
import type { FiltersRecord } from "../../api";
import type { FieldProps } from "./useQueryForm";

export function ViewByField({
  form,
  setForm,
  filters,
  message,
}: FieldProps & { filters?: FiltersRecord; message?: string }) {
  const choices = useMemo(() => {
    if (!filters) return [];
    return form.filter === "sku" ? filters.sku : filters[form.filter];
  }, [filters, form.filter]);
  const set = (viewby: string) => setForm((f) => ({ ...f, viewby }));

  return (
    <Field label="View by" validationMessage={message} hint="Optional: one SKU or filter name (case sensitive).">
      <Combobox
        freeform
        placeholder="All"
        value={form.viewby}
        title={form.viewby || undefined} // a long filter value is shortened in the field: whole on hover
        selectedOptions={form.viewby ? [form.viewby] : []}
        onOptionSelect={(_, d) => set(d.optionValue ?? "")}
        onChange={(e) => set((e.target as HTMLInputElement).value)}
      >
        {choices
          .filter((v) => !form.viewby || v.toLowerCase().includes(form.viewby.toLowerCase()))
          .slice(0, 100)
          .map((v) => (
            <Option key={v} value={v}>
              {v}
            </Option>
          ))}
      </Combobox>
    </Field>
  );
}
