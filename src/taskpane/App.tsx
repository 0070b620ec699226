import {
  FluentProvider,
  Text,
  Title3,
  makeStyles,
  tokens,
  webDarkTheme,
  webLightTheme,
} from "@fluentui/react-components";
import type { PaneServices } from "./services";

const useStyles = makeStyles({
  root: {
    minHeight: "100%",
    padding: tokens.spacingHorizontalL,
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalM,
    boxSizing: "border-box",
  },
});

export function App({ dark }: { dark: boolean; services: PaneServices }) {
  const styles = useStyles();
  return (
    <FluentProvider theme={dark ? webDarkTheme : webLightTheme}>
      <main className={styles.root} aria-labelledby="pane-title">
        <Title3 as="h1" id="pane-title">
          Sales Data
        </Title3>
        <Text>Retailer sales data in your workbook: revenue, units, availability, stock and rate of sale.</Text>
      </main>
    </FluentProvider>
  );
}
