// This week's actions, insights and alerts, pulled into an Actions table that each pull replaces.
import { Button, Dropdown, Field, Option, Text, makeStyles, tokens } from "@fluentui/react-components";
import { useEffect, useState } from "react";
import { useDateStyle } from "./dateStyle";
import { errorText } from "./messages";
import { dropdownButton } from "./OneLineName";
import { PaneMessage } from "./PaneMessage";
import type { ActionOperations } from "./operations";
import { plural, type DateStyle } from "../core/words";

const useStyles = makeStyles({
  section: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
});

/** When the Actions table was last pulled, in the pane's date style. */
function lastPulled(iso: string, style: DateStyle): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : style.moment(at);
}

/** The retailers chosen, the last pull's time, and a pull with its message (`onReport` told once it shows). */
function useActionsPull(ops: ActionOperations, onReport?: () => void) {
  const [chosen, setChosen] = useState<string[]>([]);
  const [last, setLast] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    void ops.lastActionsPull().then(setLast, () => undefined);
  }, [ops]);

  async function pull() {
    if (chosen.length === 0) return setMessage({ ok: false, text: "Choose one or more retailers." });
    setBusy(true);
    setMessage(null);
    try {
      const r = await ops.pullActions(chosen);
      setLast(r.pulledAt);
      setMessage({
        ok: true,
        text: `Wrote ${plural(r.rows, "action")} to ${r.tableName}.${r.note ? ` ${r.note}` : ""}`,
      });
    } catch (e) {
      setMessage({ ok: false, text: errorText(e) });
    } finally {
      setBusy(false);
      onReport?.();
    }
  }
  return { chosen, setChosen, last, busy, message, pull };
}

export function ActionsSection({
  ops,
  retailers,
  connected,
  onReport,
}: {
  ops: ActionOperations;
  retailers: string[];
  connected: boolean;
  /** Told when a pull's message shows. */
  onReport?: () => void;
}) {
  const styles = useStyles();
  const style = useDateStyle();
  const { chosen, setChosen, last, busy, message, pull } = useActionsPull(ops, onReport);

  return (
    <section className={styles.section} aria-labelledby="actions-title">
      <Text as="h2" weight="semibold" size={400} id="actions-title">
        Actions
      </Text>
      <Text size={200}>
        This week&apos;s actions, insights and alerts. The service refreshes them weekly: Tuesday is the day to pull
        them.
        {last ? ` Last pulled ${lastPulled(last, style)}.` : " Not pulled yet in this workbook."}
      </Text>
      <Field label="Retailers for actions">
        <Dropdown
          multiselect
          placeholder="Choose retailers"
          value={chosen.join(", ")}
          button={dropdownButton(chosen.join(", "))}
          selectedOptions={chosen}
          onOptionSelect={(_, d) => setChosen(d.selectedOptions)}
          disabled={!connected}
        >
          {retailers
            .filter((r) => r.toLowerCase() !== "all")
            .map((r) => (
              <Option key={r} value={r}>
                {r}
              </Option>
            ))}
        </Dropdown>
      </Field>
      <div>
        <Button onClick={() => void pull()} disabled={!connected || busy}>
          Pull actions
        </Button>
      </div>
      {message && (
        <PaneMessage intent={message.ok ? "success" : "error"} role="status">
          {message.text}
        </PaneMessage>
      )}
    </section>
  );
}
