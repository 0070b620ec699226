// From and To with the presets, the store-level daily limit, and "Up to today".
import { Button, Checkbox, Field, Input, Text } from "@fluentui/react-components";
import { PRESETS, presetRange } from "../../core/query/presets";
import { earliestStoreDailyDate } from "../../core/query/validate";
import { useBuilderStyles } from "./styles";
import type { FieldProps } from "./useQueryForm";

export function DatesField({
  form,
  setForm,
  today,
  fromMessage,
  toMessage,
}: FieldProps & { today: string; fromMessage?: string; toMessage?: string }) {
  const styles = useBuilderStyles();
  const storeDaily = form.level === "store" && form.timeframe === "daily";
  const earliest = storeDaily ? earliestStoreDailyDate(today) : undefined;
  return (
    <>
      <div className={styles.dates}>
        <Field label="From" validationMessage={fromMessage}>
          <Input
            type="date"
            value={form.from}
            min={earliest}
            max={today}
            onChange={(_, d) => setForm((f) => ({ ...f, from: d.value }))}
          />
        </Field>
        <Field label="To" validationMessage={toMessage}>
          <Input
            type="date"
            value={form.to}
            min={earliest}
            disabled={form.rolling}
            onChange={(_, d) => setForm((f) => ({ ...f, to: d.value }))}
          />
        </Field>
      </div>
      <div className={styles.presets} role="group" aria-label="Date presets">
        {PRESETS.map((p) => (
          <Button
            key={p.id}
            size="small"
            onClick={() => {
              const r = presetRange(p.id, today);
              setForm((f) => ({ ...f, from: r.from, to: r.to }));
            }}
          >
            {p.label}
          </Button>
        ))}
      </div>
      {storeDaily && <Text size={200}>Store-level daily data goes back 14 days: the earliest From is {earliest}.</Text>}
      <Checkbox
        checked={form.rolling}
        onChange={(_, d) => setForm((f) => ({ ...f, rolling: !!d.checked }))}
        label="Up to today (the saved query rolls forward with each refresh)"
      />
    </>
  );
}
