// The API key as it is sent: the one place that turns what the user typed (or pasted, or a store kept) into the
// key of the Authorization header, so the pane, the session and the client cannot each read it their own way.

/** The key to send for what was typed: without the spaces and line breaks a paste brings; "" when there is none. */
export function keyToSend(typed: string): string {
  return typed.trim();
}
