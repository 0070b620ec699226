// Puts the pane on the page: the runtime root calls this once Office has told it the theme.
import { createRoot } from "react-dom/client";
import { App } from "./App";
import type { PaneServices } from "./paneServices";

export function mountPane(container: HTMLElement, services: PaneServices, dark: boolean): void {
  createRoot(container).render(<App dark={dark} services={services} />);
}
