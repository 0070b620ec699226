// The shared runtime's one page: it renders the pane and registers the SALES functions (the metadata
// plugin adds their CustomFunctions.associate calls to functions.ts) and the ribbon commands.
import { createRoot } from "react-dom/client";
import { registerCommands } from "../commands/commands";
import "../functions/functions";
import { App } from "./App";
import { officeThemeIsDark } from "./theme";

function render(dark: boolean): void {
  const container = document.getElementById("root");
  if (container) createRoot(container).render(<App dark={dark} />);
}

if (typeof Office === "undefined") {
  // Opened outside Office (or office.js could not load): the pane still renders, without Excel.
  render(false);
} else {
  void Office.onReady(() => {
    if (Office.actions) registerCommands();
    render(officeThemeIsDark());
  });
}
