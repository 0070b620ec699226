// Ribbon commands. They run in the shared runtime, so they work without the pane being open.

/** Home > Sales Data > Refresh all. Until refresh lands it only records that it was asked. */
export async function refreshAll(event?: Office.AddinCommands.Event): Promise<void> {
  try {
    console.info("Sales Data: Refresh all was requested; table refresh is not available in this version yet.");
  } finally {
    event?.completed();
  }
}

/** Registers the commands named in manifest.xml (`<FunctionName>`). */
export function registerCommands(): void {
  Office.actions.associate("refreshAll", refreshAll);
}
