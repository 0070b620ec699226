// View by: one SKU or filter name, searchable, from the retailer's filters list. A SKU shows its code and product
// name ("100001 - Sunvale Orange Juice 1L") and is sent by its code. Typed text that names a choice exactly picks
// it; text that names none stays as typed and is said beside the control (src/core/query/viewBy.ts), never replaced
// by a choice it starts like (Fluent's Combobox picks the highlighted option on Tab: that pick is not taken).
import { Combobox, Field, Option } from "@fluentui/react-components";
import { useEffect, useState } from "react";
import { viewByChoiceOf, type ViewByChoice } from "../../core/query/viewBy";
import { fieldMessage } from "./fieldMessage";
import type { FieldMessage, FieldProps } from "./useQueryForm";

/** What the field shows for the form's value: its choice's text (code and name), else the value itself. */
const textOf = (value: string, choices: readonly ViewByChoice[]) =>
  choices.find((c) => c.value === value)?.text ?? value;

export function ViewByField({
  form,
  setForm,
  choices,
  message,
}: FieldProps & { choices: readonly ViewByChoice[]; message?: FieldMessage }) {
  const [text, setText] = useState(() => textOf(form.viewby, choices));
  // A value set from outside (Edit, a Filter change clearing it) or a list arriving shows as its choice's text.
  useEffect(() => {
    setText((now) =>
      (viewByChoiceOf(now, choices, form.filter)?.value ?? now.trim()) === form.viewby
        ? now
        : textOf(form.viewby, choices),
    );
  }, [form.viewby, form.filter, choices]);

  const set = (typed: string) => {
    setText(typed);
    const choice = viewByChoiceOf(typed, choices, form.filter);
    setForm((f) => ({ ...f, viewby: choice ? choice.value : typed.trim() }), "viewby");
  };
  const shownChoices = choices
    .filter((c) => !text || c.text.toLowerCase().includes(text.trim().toLowerCase()))
    .slice(0, 100);

  return (
    <Field
      label="View by"
      {...fieldMessage(message)}
      hint={
        form.filter === "sku"
          ? "Optional: one SKU, by its code or name."
          : "Optional: one name of the filter (case sensitive)."
      }
    >
      <Combobox
        freeform
        placeholder="All"
        value={text}
        title={text || undefined} // a long filter value is shortened in the field: whole on hover
        selectedOptions={form.viewby && textOf(form.viewby, choices) === text ? [form.viewby] : []}
        onOptionSelect={(e, d) => {
          // Tab leaves the field with the text as typed: it picks nothing the user did not choose.
          if (e.type === "keydown" && (e as unknown as KeyboardEvent).key === "Tab") return;
          if (d.optionValue === undefined) return;
          setText(d.optionText ?? d.optionValue);
          setForm((f) => ({ ...f, viewby: d.optionValue ?? "" }), "viewby");
        }}
        onChange={(e) => set((e.target as HTMLInputElement).value)}
      >
        {shownChoices.map((c) => (
          <Option key={c.value} value={c.value} text={c.text}>
            {c.text}
          </Option>
        ))}
      </Combobox>
    </Field>
  );
}
