// The builder's form state beyond the values themselves: the shared validation per control, which controls the
// user touched (a problem is said beside its control only then; until then Get data's line says it), and each
// chosen retailer's metrics record the fields read.
import { useEffect, useMemo, useState } from "react";
import type { Query, QueryField } from "../../core/query/query";
import type { ViewByChoice } from "../../core/query/viewBy";
import type { DateStyle } from "../../core/words";
import {
  checkForm,
  formMessages,
  retailerRecords,
  type MetricsLists,
  type QueryForm,
  type RetailerRecord,
} from "./queryForm";

/** Changes the form; `touched` names the controls the user changed by it (their problems are then said). */
export type SetForm = (update: (f: QueryForm) => QueryForm, touched?: QueryField | QueryField[]) => void;

/** What every field component gets: the form and the way to change it. */
export interface FieldProps {
  form: QueryForm;
  setForm: SetForm;
}

/** A control's message: its problem (once touched) or a warning. */
export interface FieldMessage {
  intent: "error" | "warning";
  text: string;
}

interface QueryFormState {
  /** The message beside a control, if any. */
  message(field: QueryField): FieldMessage | undefined;
  /** Why Get data cannot run yet (one line), or undefined. */
  notReady?: string;
  /** The query Get data sends, when the form may be sent. */
  query?: Query;
  touch(fields: QueryField | QueryField[]): void;
  /** Each chosen retailer with its metrics list record (undefined until loaded, and for `all`). */
  records: RetailerRecord[];
}

export function useQueryForm(
  form: QueryForm,
  today: string,
  metrics: MetricsLists,
  opts: { style: DateStyle; viewBy: readonly ViewByChoice[]; connected: boolean; formKey: number },
): QueryFormState {
  const { style, viewBy, connected, formKey } = opts;
  const [touched, setTouched] = useState<ReadonlySet<QueryField>>(new Set());
  // A form opened anew (Edit) has nothing touched yet.
  useEffect(() => setTouched(new Set()), [formKey]);
  const check = useMemo(
    () => checkForm(form, today, metrics, { style, viewBy }),
    [form, today, metrics, style, viewBy],
  );
  const records = useMemo(() => retailerRecords(form.retailers, metrics), [form.retailers, metrics]);
  const { shown, notReady } = useMemo(() => formMessages(check, touched, connected), [check, touched, connected]);

  const touch = (fields: QueryField | QueryField[]) =>
    setTouched((before) => {
      const list = Array.isArray(fields) ? fields : [fields];
      return list.every((f) => before.has(f)) ? before : new Set([...before, ...list]);
    });

  return {
    message: (field) => shown[field],
    notReady,
    query: check.query,
    touch,
    records,
  };
}
