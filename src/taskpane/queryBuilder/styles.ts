// The query builder's layout, shared by its field components.
import { makeStyles, tokens } from "@fluentui/react-components";

export const useBuilderStyles = makeStyles({
  section: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  row: { display: "flex", gap: tokens.spacingHorizontalS, flexWrap: "wrap", alignItems: "flex-end" },
  dates: { display: "grid", gridTemplateColumns: "1fr 1fr", gap: tokens.spacingHorizontalS },
  presets: { display: "flex", gap: tokens.spacingHorizontalXS, flexWrap: "wrap" },
});
