// src/functions owns the SALES.* custom functions (functions.ts): their arguments, batching, cache, timeouts, spills.
// It may import src/core, src/api's types and errors, src/session, and src/excel only for recalculation; never the DOM.
export {
  setFunctionsSession,
  configureFunctions,
  formattedNumbersSupported,
  refreshSalesFunctions,
} from "./sharedEngine";
