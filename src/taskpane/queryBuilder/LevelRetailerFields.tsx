// Level (SKU / Store) and Retailer: one retailer or several (one table with a `retailer` column); "all" (Sales
// Summary) exists at SKU level only and stands alone.
import { Dropdown, Field, Option, Radio, RadioGroup } from "@fluentui/react-components";
import { retailerLabel } from "../../core/query/describe";
import type { Level } from "../../core/query/metrics";
import { dropdownButton } from "../OneLineName";
import { nextRetailers } from "./queryForm";
import { fieldMessage } from "./fieldMessage";
import type { FieldMessage, FieldProps } from "./useQueryForm";

export function LevelRetailerFields({
  form,
  setForm,
  retailers,
  connected,
  retailerMessage,
}: FieldProps & { retailers: string[]; connected: boolean; retailerMessage?: FieldMessage }) {
  const label = form.retailers.length ? retailerLabel(form.retailers) : "";
  return (
    <>
      <Field label="Level">
        <RadioGroup
          layout="horizontal"
          value={form.level}
          onChange={(_, d) =>
            // "all" exists at SKU level only: switching to Store clears it rather than keep an invalid choice.
            setForm(
              (f) => ({
                ...f,
                level: d.value as Level,
                retailers: d.value === "store" ? f.retailers.filter((r) => r.toLowerCase() !== "all") : f.retailers,
              }),
              "level",
            )
          }
        >
          <Radio value="sku" label="SKU" />
          <Radio value="store" label="Store" />
        </RadioGroup>
      </Field>
      <Field label="Retailer" {...fieldMessage(retailerMessage)} hint="One, or several to compare them in one table.">
        <Dropdown
          multiselect
          placeholder={connected ? "Choose one or more retailers" : "Connect to load retailers"}
          value={label}
          button={dropdownButton(label)}
          selectedOptions={form.retailers}
          // Picking "all" clears the others; picking a retailer clears "all". View by is kept while retailers are
          // only added (its list grows), and cleared when one is taken out.
          onOptionSelect={(_, d) =>
            setForm((f) => {
              const retailers = nextRetailers(d.selectedOptions, d.optionValue);
              const removed = f.retailers.some((r) => !retailers.includes(r));
              return { ...f, retailers, viewby: removed ? "" : f.viewby };
            }, "retailer")
          }
          disabled={!connected}
        >
          {retailers
            .filter((r) => form.level === "sku" || r.toLowerCase() !== "all")
            .map((r) => (
              <Option key={r} value={r} text={retailerLabel(r)}>
                {retailerLabel(r)}
              </Option>
            ))}
        </Dropdown>
      </Field>
    </>
  );
}
