// The SALES functions are declared (so Excel lists them with their help) before their engine lands:
// until then every call settles at once with #N/A and a message, never a cell stuck on #BUSY!.
export function notYetAvailable<T>(name: string, _args: unknown[]): Promise<T> {
  const message = `${name} is not available in this version of Sales Data yet. Use the Sales Data pane to pull a table.`;
  if (typeof CustomFunctions !== "undefined") {
    return Promise.reject(new CustomFunctions.Error(CustomFunctions.ErrorCode.notAvailable, message));
  }
  return Promise.reject(new Error(message));
}
