// A moment in words for the person at the keyboard, in their own locale and time zone: the pane's notice of the
// last Refresh all, and the time a rate-limited service asks the add-in to wait until.

/** The time when `at` falls on `now`'s day (the user's local day), the date and time otherwise. */
export function localTimeText(at: Date, now: Date): string {
  return at.toDateString() === now.toDateString()
    ? at.toLocaleTimeString(undefined, { hour: "numeric", minute: "2-digit" })
    : at.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}
