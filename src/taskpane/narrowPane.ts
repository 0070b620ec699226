// How the pane fits the width Excel gives it (320 px and up): long text wraps or is shortened, never cut off.
// The rules sit on the pane's root so every section, present and future, follows them.
import {
  buttonClassNames,
  comboboxClassNames,
  dropdownClassNames,
  inputClassNames,
  listboxClassNames,
  makeStaticStyles,
  makeStyles,
  messageBarClassNames,
} from "@fluentui/react-components";

const useRootStyles = makeStyles({
  narrow: {
    // A name without spaces (a table, a retailer id) breaks where it must instead of widening the pane; "anywhere"
    // (unlike "break-word") also lets flex and grid items shrink below such a word.
    overflowWrap: "anywhere",
    minWidth: 0,
    // Button labels break between words only ("Refresh all", never "Refre sh").
    [`& .${buttonClassNames.root}`]: { overflowWrap: "normal" },
    // Fluent measures a MessageBar's "auto" layout when it is first laid out: text that grows later would stay on
    // one line and be cut at the pane's edge. Messages always wrap.
    [`& .${messageBarClassNames.root}`]: { whiteSpace: "normal" },
    // A dropdown's value never pushes its arrow out of view (values that may be long are shortened, OneLineName).
    [`& .${dropdownClassNames.button}`]: { gridTemplateColumns: "[content] minmax(0, 1fr) [icon] auto [end]" },
    // A field shrinks with the pane (a date input would otherwise keep its own width and push past the edge).
    [`& .${inputClassNames.root}`]: { minWidth: 0 },
    // A text field too narrow for its value says so with an ellipsis (its title holds the value where it is a name).
    [`& .${inputClassNames.input}, & .${comboboxClassNames.input}`]: { textOverflow: "ellipsis" },
  },
});

// A dropdown's list is rendered in a portal outside the pane's root, so its long options are told to wrap here.
const useListboxStyles = makeStaticStyles({
  [`.${listboxClassNames.root}`]: { overflowWrap: "anywhere" },
});

/** The class for the pane's root element. */
export function useNarrowPaneStyles(): string {
  useListboxStyles();
  return useRootStyles().narrow;
}
