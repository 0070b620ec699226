// The pane's one date style for every component: the user's locale (Office's display language, else the
// browser's), chosen once by App; src/core/words.ts dateStyle does the writing and reading of days.
import { createContext, useContext } from "react";
import { dateStyle, type DateStyle } from "../core/words";

export const DateStyleContext = createContext<DateStyle>(dateStyle());

export const useDateStyle = (): DateStyle => useContext(DateStyleContext);

/** The locale the pane speaks: the one given (Office's display language, read once Office is ready), else the
 * browser's. */
export function paneLocale(given: string | undefined): string | undefined {
  return given || (typeof navigator !== "undefined" ? navigator.language : undefined);
}
