// Destination: a new sheet, or at the selected cell.
import { Field, Radio, RadioGroup } from "@fluentui/react-components";
import type { DestinationChoice } from "./queryForm";
import type { FieldProps } from "./useQueryForm";

export function DestinationField({ form, setForm }: FieldProps) {
  return (
    <Field label="Destination">
      <RadioGroup
        value={form.destination}
        onChange={(_, d) => setForm((f) => ({ ...f, destination: d.value as DestinationChoice }))}
      >
        <Radio value="new-sheet" label="New sheet" />
        <Radio value="selection" label="At the selected cell" />
      </RadioGroup>
    </Field>
  );
}
