// From and To with the presets, the store-level daily limit, and "Up to today". The dates are shown and typed in
// the pane's one date style (the user's locale: 24/08/2026 in en-GB, 08/24/2026 in en-US), not in the browser's
// own date input, whose format follows the browser and not Office; a calendar button opens the browser's picker.
import { Button, Checkbox, Field, Input, makeStyles, tokens } from "@fluentui/react-components";
import { CalendarRegular } from "@fluentui/react-icons";
import { useEffect, useRef, useState } from "react";
import { isIsoDate } from "../../core/dates";
import { PRESETS, presetRange } from "../../core/query/presets";
import type { DateStyle } from "../../core/words";
import { useDateStyle } from "../dateStyle";
import { fieldMessage } from "./fieldMessage";
import { useBuilderStyles } from "./styles";
import type { FieldMessage, FieldProps } from "./useQueryForm";

const useStyles = makeStyles({
  // The browser's picker, opened by the calendar button: out of sight and out of the tab order, under the field
  // so that its calendar opens there.
  picker: {
    position: "absolute",
    left: 0,
    bottom: 0,
    width: "1px",
    height: "1px",
    opacity: 0,
    border: 0,
    padding: 0,
    pointerEvents: "none",
  },
  input: { position: "relative", minWidth: 0 },
  // Half the pane at 320 px: the field shrinks to its column, the text box inside it too (an input's own width
  // would push To past the pane's edge).
  field: { width: "100%", minWidth: 0, boxSizing: "border-box" },
  text: { minWidth: 0, width: "100%" },
  calendar: { minWidth: 0, color: tokens.colorNeutralForeground3 },
});

/** The text a day shows: the day in the style; what was typed when it is not a day (it stays as typed). */
const shown = (value: string, style: DateStyle) => (isIsoDate(value) ? style.day(value) : value);

/**
 * One date, typed in the style (or YYYY-MM-DD) or picked on the calendar. The form holds the day (YYYY-MM-DD)
 * when the text is one, else the text as typed, which the form's check then says is no date.
 */
function DateInput({
  label,
  value,
  onChange,
  disabled,
  message,
}: {
  label: "From" | "To";
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  message?: FieldMessage;
}) {
  const style = useDateStyle();
  const styles = useStyles();
  const [text, setText] = useState(() => shown(value, style));
  const picker = useRef<HTMLInputElement>(null);
  // A day set from outside (a preset, Edit, the calendar) is shown in the style; what the user is typing stays.
  useEffect(() => {
    setText((now) => ((style.parse(now) ?? now.trim()) === value ? now : shown(value, style)));
  }, [value, style]);

  function type(typed: string) {
    setText(typed);
    onChange(style.parse(typed) ?? typed.trim());
  }

  function openCalendar() {
    try {
      picker.current?.showPicker();
    } catch {
      // No picker in this browser: the field takes a typed date.
    }
  }

  return (
    <Field label={label} {...fieldMessage(message)}>
      <div className={styles.input}>
        <Input
          className={styles.field}
          input={{ className: styles.text, size: 10 }}
          value={text}
          disabled={disabled}
          placeholder={style.pattern}
          inputMode="numeric"
          autoComplete="off"
          onChange={(_, d) => type(d.value)}
          // Once typed, the day is shown as the style writes it (24/8/2026 becomes 24/08/2026).
          onBlur={() => setText((now) => shown(style.parse(now) ?? now, style))}
          contentAfter={
            <Button
              appearance="transparent"
              size="small"
              className={styles.calendar}
              icon={<CalendarRegular />}
              aria-label={`Pick ${label} on a calendar`}
              disabled={disabled}
              onClick={openCalendar}
            />
          }
        />
        <input
          ref={picker}
          type="date"
          tabIndex={-1}
          aria-hidden="true"
          className={styles.picker}
          value={isIsoDate(value) ? value : ""}
          onChange={(e) => e.target.value && onChange(e.target.value)}
        />
      </div>
    </Field>
  );
}

export function DatesField({
  form,
  setForm,
  today,
  fromMessage,
  toMessage,
}: FieldProps & { today: string; fromMessage?: FieldMessage; toMessage?: FieldMessage }) {
  const styles = useBuilderStyles();
  // Store daily data's 14 days are said once, when From is before them: beside From once it was touched, in Get
  // data's line before that (never also as a note under the dates).
  return (
    <>
      <div className={styles.dates}>
        <DateInput
          label="From"
          value={form.from}
          message={fromMessage}
          onChange={(from) => setForm((f) => ({ ...f, from }), "from")}
        />
        <DateInput
          label="To"
          value={form.to}
          message={toMessage}
          disabled={form.rolling}
          onChange={(to) => setForm((f) => ({ ...f, to }), "to")}
        />
      </div>
      <div className={styles.presets} role="group" aria-label="Date presets">
        {PRESETS.map((p) => (
          <Button
            key={p.id}
            size="small"
            onClick={() => {
              const r = presetRange(p.id, today);
              setForm((f) => ({ ...f, from: r.from, to: r.to }), ["from", "to"]);
            }}
          >
            {p.label}
          </Button>
        ))}
      </div>
      <Checkbox
        checked={form.rolling}
        onChange={(_, d) => setForm((f) => ({ ...f, rolling: !!d.checked }), "to")}
        label="Up to today (the saved query rolls forward with each refresh)"
      />
    </>
  );
}
