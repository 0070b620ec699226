// Level (SKU / Store) and Retailer: "all" (Sales Summary) exists at SKU level only.
import { Dropdown, Field, Option, Radio, RadioGroup } from "@fluentui/react-components";
import { retailerLabel } from "../../core/describe";
import type { Level } from "../../core/metrics";
import { dropdownButton } from "../OneLineName";
import type { FieldProps } from "./useQueryForm";

export function LevelRetailerFields({
  form,
  setForm,
  retailers,
  connected,
  retailerMessage,
}: FieldProps & { retailers: string[]; connected: boolean; retailerMessage?: string }) {
  return (
    <>
      <Field label="Level">
        <RadioGroup
          layout="horizontal"
          value={form.level}
          onChange={(_, d) =>
            // "all" exists at SKU level only: switching to Store clears it rather than keep an invalid choice.
            setForm((f) => ({
              ...f,
              level: d.value as Level,
              retailer: d.value === "store" && f.retailer.toLowerCase() === "all" ? "" : f.retailer,
            }))
          }
        >
          <Radio value="sku" label="SKU" />
          <Radio value="store" label="Store" />
        </RadioGroup>
      </Field>
      <Field label="Retailer" validationMessage={retailerMessage}>
        <Dropdown
          placeholder={connected ? "Choose a retailer" : "Connect to load retailers"}
          value={form.retailer ? retailerLabel(form.retailer) : ""}
          button={dropdownButton(form.retailer ? retailerLabel(form.retailer) : "")}
          selectedOptions={form.retailer ? [form.retailer] : []}
          onOptionSelect={(_, d) => setForm((f) => ({ ...f, retailer: d.optionValue ?? "", viewby: "" }))}
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
