// "Copy for sync" under a query refused as too large for Excel: the query as an entry of a sync file on the
// clipboard (as a table card's Copy for sync gives it), so the rows Excel cannot hold go to a database instead.
import { Button } from "@fluentui/react-components";
import { useState } from "react";
import type { Query } from "../../core/query/query";
import { syncEntryJson } from "../../core/query/syncEntry";
import { syncTableNameOf } from "../../core/query/tableName";
import { PaneMessage } from "../PaneMessage";
import { useBuilderStyles } from "./styles";

export function CopyForSync({ query, rolling }: { query: Query; rolling: boolean }) {
  const styles = useBuilderStyles();
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(syncEntryJson(syncTableNameOf(query), query, rolling));
      setSaid({
        ok: true,
        text: 'The query was copied for sync. Paste it into the "tables" list of a sync file and run: npx sales-data sync <file>.',
      });
    } catch {
      setSaid({
        ok: false,
        text: "Excel did not let the add-in write to the clipboard here, so nothing was copied. Try again in Excel on the web or a newer Excel.",
      });
    }
  };
  return (
    <>
      <div className={styles.row}>
        <Button size="small" onClick={() => void copy()}>
          Copy for sync
        </Button>
      </div>
      {said && <PaneMessage intent={said.ok ? "success" : "error"}>{said.text}</PaneMessage>}
    </>
  );
}
