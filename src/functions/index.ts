// What the rest of the add-in uses of the SALES functions: the runtime entry hands over its Session, Refresh all
// clears the cache and recalculates. The function implementations themselves are in functions.ts.
export {
  setFunctionsSession,
  configureFunctions,
  clearFunctionCache,
  formattedNumbersSupported,
  refreshSalesFunctions,
  functionsEngine,
} from "./runtime";
export { FunctionsEngine, NOT_STARTED_MESSAGE, type FunctionsOptions } from "./engine";
export { FunctionError, type FunctionErrorCode } from "./errors";
export { DEFAULT_MAX_CELLS, type FormattedNumber, type SpillCell } from "./output";
