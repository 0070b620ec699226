// Endpoint paths (collapsed): the test, list, data and actions paths, defaulting to the client's.
import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  Button,
  Field,
  Input,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { DEFAULT_PATHS, type EndpointPaths } from "../../api";

const useStyles = makeStyles({
  paths: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXS },
});

const PATH_LABELS: [keyof EndpointPaths, string][] = [
  ["test", "Connection test path"],
  ["list", "List path"],
  ["data", "Data path"],
  ["actions", "Actions path"],
];

export function EndpointPathsField({
  paths,
  setPaths,
}: {
  paths: EndpointPaths;
  setPaths: (update: (p: EndpointPaths) => EndpointPaths) => void;
}) {
  const styles = useStyles();
  return (
    <Accordion collapsible>
      <AccordionItem value="paths">
        <AccordionHeader size="small">Endpoint paths</AccordionHeader>
        <AccordionPanel className={styles.paths}>
          {PATH_LABELS.map(([id, label]) => (
            <Field key={id} label={label} size="small">
              <Input size="small" value={paths[id]} onChange={(_, d) => setPaths((p) => ({ ...p, [id]: d.value }))} />
            </Field>
          ))}
          <Button size="small" onClick={() => setPaths(() => DEFAULT_PATHS)}>
            Reset paths
          </Button>
        </AccordionPanel>
      </AccordionItem>
    </Accordion>
  );
}
