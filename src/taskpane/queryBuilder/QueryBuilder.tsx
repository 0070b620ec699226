// The query builder: dropdowns fed by the service's own lists, validated inline by the shared rules. One field
// component per control (or pair of controls); the form's checks and the run each live in a hook. A control's
// problem is said once, beside it, after the user touched it; until the form can be sent, Get data is disabled
// and one line under it says why.
import { Button, Text } from "@fluentui/react-components";
import { useMemo } from "react";
import type { QueryField } from "../../core/query/query";
import { viewByChoices } from "../../core/query/viewBy";
import { useDateStyle } from "../dateStyle";
import type { Operations, PullSummary } from "../operations";
import { PaneMessage } from "../PaneMessage";
import type { Lists } from "../useLists";
import { ComparisonFilterFields } from "./ComparisonFilterFields";
import { DatesField } from "./DatesField";
import { DestinationField } from "./DestinationField";
import { LevelRetailerFields } from "./LevelRetailerFields";
import { MetricsField } from "./MetricsField";
import type { QueryForm } from "./queryForm";
import { RunPanel } from "./RunPanel";
import { useBuilderStyles } from "./styles";
import { TimeframeField } from "./TimeframeField";
import { useQueryForm, type SetForm } from "./useQueryForm";
import { useQueryRun } from "./useQueryRun";
import { ViewByField } from "./ViewByField";

interface QueryBuilderProps {
  form: QueryForm;
  setForm: (update: (f: QueryForm) => QueryForm) => void;
  /** Changes when the form is opened anew (Edit): nothing in it is touched yet. */
  formKey: number;
  lists: Lists;
  today: string;
  connected: boolean;
  operations: Operations;
  onPulled: (summary: PullSummary) => void;
  /** Counts what the pane's other sections reported since it opened (a refresh, an action): Get data's result goes. */
  laterReports: number;
}

export function QueryBuilder({
  form,
  setForm,
  formKey,
  lists,
  today,
  connected,
  operations,
  onPulled,
  laterReports,
}: QueryBuilderProps) {
  const styles = useBuilderStyles();
  const style = useDateStyle();
  const viewBy = useMemo(() => viewByChoices(lists.filters, form.filter), [lists.filters, form.filter]);
  const f = useQueryForm(form, today, lists.metrics, { style, viewBy, connected, formKey });
  const run = useQueryRun(operations, onPulled, laterReports);
  const set: SetForm = (update, touched?: QueryField | QueryField[]) => {
    if (touched) f.touch(touched);
    setForm(update);
  };
  const bind = { form, setForm: set };

  function getData() {
    run.clearResult();
    if (f.query) void run.getData(f.query, { rolling: form.rolling, destination: form.destination });
  }

  function insertFormula() {
    if (f.query) void run.insertFormula(f.query, form.rolling);
  }

  return (
    <section className={styles.section} aria-labelledby="builder-title">
      <div className={styles.heading}>
        <Text as="h2" weight="semibold" size={400} id="builder-title">
          Get data
        </Text>
        <Button size="small" appearance="subtle" onClick={lists.reload} disabled={!connected}>
          Reload lists
        </Button>
      </div>
      {/* A service that cannot be reached is said by Connection's status line, once; other list failures here. */}
      {lists.error && <PaneMessage intent="error">{lists.error}</PaneMessage>}
      <LevelRetailerFields
        {...bind}
        retailers={lists.retailers}
        connected={connected}
        retailerMessage={f.message("retailer")}
      />
      <TimeframeField {...bind} records={f.records} message={f.message("timeframe")} />
      <MetricsField {...bind} records={f.records} message={f.message("metrics")} />
      <DatesField {...bind} today={today} fromMessage={f.message("from")} toMessage={f.message("to")} />
      <ComparisonFilterFields
        {...bind}
        filters={lists.filters}
        comparisonMessage={f.message("comparison")}
        filterMessage={f.message("filter")}
      />
      <ViewByField {...bind} choices={viewBy} message={f.message("viewby")} />
      <DestinationField {...bind} />
      <RunPanel
        run={run}
        connected={connected}
        ready={f.query !== undefined}
        notReady={f.notReady}
        onGetData={getData}
        onInsertFormula={insertFormula}
      />
    </section>
  );
}
