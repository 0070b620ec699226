// src/taskpane owns the pane's React UI (connection, query builder, tables, actions) and its operations.
// Imports: src/core, src/session, src/api; src/refresh and src/excel only via operations/ (types aside); never Excel.*.

// The pane renders at once (nothing waits on the network); the saved connection and the service's lists arrive
// as they come.
import {
  Divider,
  FluentProvider,
  dividerClassNames,
  Text,
  Title3,
  makeStyles,
  mergeClasses,
  tokens,
  webDarkTheme,
  webLightTheme,
} from "@fluentui/react-components";
import { useEffect, useMemo, useState } from "react";
import { presetRange } from "../core/query/presets";
import { dateStyle } from "../core/words";
import { ActionsSection } from "./ActionsSection";
import { ConnectionSection } from "./connection/ConnectionSection";
import { DateStyleContext, paneLocale } from "./dateStyle";
import { LastRefreshNotice } from "./LastRefreshNotice";
import { useNarrowPaneStyles } from "./narrowPane";
import { paneOperations } from "./operations";
import { QueryBuilder } from "./queryBuilder/QueryBuilder";
import { emptyForm, fromQuery, type QueryForm } from "./queryBuilder/queryForm";
import { SavedQueries } from "./savedQueries/SavedQueries";
import type { PaneServices } from "./paneServices";
import { useLists } from "./useLists";

const useStyles = makeStyles({
  root: {
    minHeight: "100%",
    padding: tokens.spacingHorizontalL,
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalL,
    boxSizing: "border-box",
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    // Fluent's Divider grows (flex-grow 1): in a pane taller than its content the sections would drift apart.
    [`& > .${dividerClassNames.root}`]: { flexGrow: 0 },
  },
});

/** The pane's name and what it does, in a sentence. */
function PaneHeader() {
  return (
    <header style={{ display: "flex", flexDirection: "column", gap: 4 }}>
      <Title3 as="h1" id="pane-title">
        Sales Data
      </Title3>
      <Text as="p" size={200}>
        Retailer sales data in your workbook. Tables refresh the last seven days, which retailers revise.
      </Text>
    </header>
  );
}

export function App({ dark, services }: { dark: boolean; services: PaneServices }) {
  const styles = useStyles();
  const narrow = useNarrowPaneStyles();
  const { session } = services;
  const today = session.today(); // the service's today, as refresh and the client read it
  // One date style for the whole pane: the user's (Office's display language, else the browser's).
  const style = useMemo(() => dateStyle(paneLocale(services.locale)), [services.locale]);
  const ops = useMemo(() => paneOperations(services, style), [services, style]);
  const [connected, setConnected] = useState(session.hasKey());
  const [connectedVersion, setConnectedVersion] = useState(0);
  const [tablesVersion, setTablesVersion] = useState(0);
  // What the tables' and actions' sections reported: Get data's summary is then older news, and goes.
  const [laterReports, setLaterReports] = useState(0);
  const reported = () => setLaterReports((n) => n + 1);
  const [form, setForm] = useState<QueryForm>(() => emptyForm(presetRange("last-13-weeks", today)));
  const [formKey, setFormKey] = useState(0);
  const lists = useLists(session, form.retailers, connectedVersion);

  useEffect(() => {
    const off = session.onChange(() => {
      setConnected(session.hasKey());
      setConnectedVersion((n) => n + 1);
    });
    void session.ready();
    return off;
  }, [session]);

  async function edit(tableName: string) {
    const saved = await ops.queryOf(tableName);
    if (saved) {
      setForm(fromQuery(saved.query, saved.rolling));
      setFormKey((n) => n + 1);
    }
    document.getElementById("builder-title")?.scrollIntoView({ behavior: "smooth" });
  }

  return (
    <FluentProvider theme={dark ? webDarkTheme : webLightTheme} style={{ height: "100%" }}>
      <DateStyleContext.Provider value={style}>
        <main className={mergeClasses(styles.root, narrow)} aria-labelledby="pane-title">
          <PaneHeader />
          <LastRefreshNotice ops={ops} />
          <ConnectionSection
            ops={ops}
            simulator={services.simulator}
            unreachable={lists.unreachable}
            onConnected={() => setConnectedVersion((n) => n + 1)}
          />
          <Divider />
          <QueryBuilder
            form={form}
            setForm={setForm}
            formKey={formKey}
            lists={lists}
            today={today}
            connected={connected}
            operations={ops}
            onPulled={() => setTablesVersion((n) => n + 1)}
            laterReports={laterReports}
          />
          <Divider />
          <SavedQueries
            ops={ops}
            version={tablesVersion}
            today={today}
            connected={connected}
            onEdit={edit}
            onReport={reported}
          />
          <Divider />
          <ActionsSection ops={ops} retailers={lists.retailers} connected={connected} onReport={reported} />
        </main>
      </DateStyleContext.Provider>
    </FluentProvider>
  );
}
