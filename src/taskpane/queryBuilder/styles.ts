// The query builder's layout, shared by its field components.
import { makeStyles, tokens } from "@fluentui/react-components";

export const useBuilderStyles = makeStyles({
  section: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  row: { display: "flex", gap: tokens.spacingHorizontalS, flexWrap: "wrap", alignItems: "flex-end" },
  heading: { display: "flex", gap: tokens.spacingHorizontalS, alignItems: "center", justifyContent: "space-between" },
  // minmax(0, 1fr): the date inputs share the row at 320 px instead of pushing "To" past the pane's edge.
  dates: { display: "grid", gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr)", gap: tokens.spacingHorizontalS },
  presets: { display: "flex", gap: tokens.spacingHorizontalXS, flexWrap: "wrap" },
});
