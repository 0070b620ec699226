// The query builder: dropdowns fed by the service's own lists, validated inline by the shared rules. One field
// component per control (or pair of controls); the form's checks and the run each live in a hook.
import { Button, Text } from "@fluentui/react-components";
import type { Operations, PullSummary } from "../operations";
import { PaneMessage } from "../PaneMessage";
import type { Lists } from "../useLists";
import { ComparisonFilterFields } from "./ComparisonFilterFields";
import { DatesField } from "./DatesField";
import { DestinationField } from "./DestinationField";
import { LevelRetailerFields } from "./LevelRetailerFields";
import { MetricsField } from "./MetricsField";
import { RunPanel } from "./RunPanel";
import { useBuilderStyles } from "./styles";
import { TimeframeField } from "./TimeframeField";
import { useQueryForm, type FieldProps } from "./useQueryForm";
import { useQueryRun } from "./useQueryRun";
import { ViewByField } from "./ViewByField";

interface QueryBuilderProps extends FieldProps {
  lists: Lists;
  today: string;
  connected: boolean;
  operations: Operations;
  onPulled: (summary: PullSummary) => void;
}

export function QueryBuilder({ form, setForm, lists, today, connected, operations, onPulled }: QueryBuilderProps) {
  const styles = useBuilderStyles();
  const { shown, warnings, attempt, records } = useQueryForm(form, today, lists.metrics);
  const run = useQueryRun(operations, onPulled);
  const bind = { form, setForm };

  function getData() {
    const query = attempt();
    run.clearResult();
    if (query) void run.getData(query, { rolling: form.rolling, destination: form.destination });
  }

  function insertFormula() {
    const query = attempt();
    if (query) void run.insertFormula(query, form.rolling);
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
      {!connected && <Text size={200}>Connect first: the lists below come from the service.</Text>}
      {lists.error && <PaneMessage intent="error">{lists.error}</PaneMessage>}
      <LevelRetailerFields
        {...bind}
        retailers={lists.retailers}
        connected={connected}
        retailerMessage={shown("retailer")}
      />
      <TimeframeField {...bind} records={records} message={shown("timeframe")} />
      <MetricsField {...bind} records={records} message={shown("metrics")} />
      <DatesField {...bind} today={today} fromMessage={shown("from")} toMessage={shown("to")} />
      <ComparisonFilterFields
        {...bind}
        filters={lists.filters}
        comparisonMessage={shown("comparison")}
        filterMessage={shown("filter")}
      />
      <ViewByField {...bind} filters={lists.filters} message={shown("viewby")} />
      <DestinationField {...bind} />
      {warnings.map((w) => (
        <PaneMessage key={w} intent="warning">
          {w}
        </PaneMessage>
      ))}
      <RunPanel run={run} connected={connected} onGetData={getData} onInsertFormula={insertFormula} />
    </section>
  );
}
