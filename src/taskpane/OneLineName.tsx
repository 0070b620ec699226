// A name that may be wider than the pane (a retailer, a table, a filter value) where it must keep to one line,
// as in a dropdown's button: shortened with an ellipsis, the whole name on hover and for screen readers.
import { makeStyles } from "@fluentui/react-components";
import type { ReactNode } from "react";

const useStyles = makeStyles({
  name: { display: "block", minWidth: 0, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" },
});

/** The name on one line; when it does not fit, cut with an ellipsis. The full text stays in the DOM (read by
 * screen readers) and is the hover title. */
function OneLineName({ text }: { text: string }) {
  const styles = useStyles();
  return (
    <span className={styles.name} title={text}>
      {text}
    </span>
  );
}

/** A Dropdown's `button` slot showing its selected value as a OneLineName, so the arrow stays in view. With no
 * value, Fluent's own button shows the placeholder. */
export function dropdownButton(value: string): { children?: ReactNode } {
  return value ? { children: <OneLineName text={value} /> } : {};
}
