// The builder's form state beyond the values themselves: the shared validation per control, what is shown
// yet, and each chosen retailer's metrics record the fields read.
import { useMemo, useState } from "react";
import type { Query, QueryField } from "../../core/query/query";
import { checkForm, retailerRecords, type MetricsLists, type QueryForm, type RetailerRecord } from "./queryForm";

type SetForm = (update: (f: QueryForm) => QueryForm) => void;

/** What every field component gets: the form and the way to change it. */
export interface FieldProps {
  form: QueryForm;
  setForm: SetForm;
}

interface QueryFormState {
  /** The message to show under a control, if any. */
  shown(field: QueryField): string | undefined;
  warnings: string[];
  /** A run was asked for: from now on every error shows. The query to send, when the form may be sent. */
  attempt(): Query | undefined;
  /** Each chosen retailer with its metrics list record (undefined until loaded, and for `all`). */
  records: RetailerRecord[];
}

export function useQueryForm(form: QueryForm, today: string, metrics: MetricsLists): QueryFormState {
  const [attempted, setAttempted] = useState(false);
  const { errors, warnings, query } = useMemo(() => checkForm(form, today, metrics), [form, today, metrics]);
  const records = useMemo(() => retailerRecords(form.retailers, metrics), [form.retailers, metrics]);

  // Before the first "Get data", empty required fields are not errors yet.
  const shown = (field: QueryField) => {
    const error = errors[field];
    if (!error) return undefined;
    if (!attempted && error.codes.includes("missing")) return undefined;
    return error.message;
  };

  const attempt = () => {
    setAttempted(true);
    return query;
  };

  return { shown, warnings, attempt, records };
}
