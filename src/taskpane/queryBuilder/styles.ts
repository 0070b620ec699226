// The query builder's layout, shared by its field components.
import { makeStyles, tokens } from "@fluentui/react-components";

export const useBuilderStyles = makeStyles({
  section: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  row: { display: "flex", gap: tokens.spacingHorizontalS, flexWrap: "wrap", alignItems: "flex-end" },
  heading: { display: "flex", gap: tokens.spacingHorizontalS, alignItems: "center", justifyContent: "space-between" },
  // minmax(0, 1fr): the date inputs share the row at 320 px instead of pushing "To" past the pane's edge; aligned
  // at their tops, so a message under From never moves To out of line.
  dates: {
    display: "grid",
    gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr)",
    gap: tokens.spacingHorizontalS,
    alignItems: "start",
  },
  // Why Get data cannot run yet: one line of plain text under the buttons, wrapped at 320 px.
  notReady: { color: tokens.colorNeutralForeground2, overflowWrap: "anywhere" },
  presets: { display: "flex", gap: tokens.spacingHorizontalXS, flexWrap: "wrap" },
});
