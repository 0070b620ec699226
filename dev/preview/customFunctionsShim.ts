// The preview runs without Office: this stands in for the CustomFunctions runtime the SALES functions
// register with (the metadata plugin appends CustomFunctions.associate calls to functions.ts), and records
// what was registered, as Excel would. Imported first by the preview entry.
type Impl = (...args: unknown[]) => unknown;

class CustomFunctionsError extends Error {
  constructor(
    readonly code: string,
    message?: string,
  ) {
    super(message);
  }
}

export const registered = new Map<string, Impl>();

const shim = {
  associate(id: string, fn: Impl) {
    registered.set(id.toUpperCase(), fn);
  },
  Error: CustomFunctionsError,
  ErrorCode: {
    invalidValue: "#VALUE!",
    notAvailable: "#N/A",
    divisionByZero: "#DIV/0!",
    invalidNumber: "#NUM!",
    nullReference: "#NULL!",
    invalidName: "#NAME?",
    invalidReference: "#REF!",
  },
};

const g = globalThis as unknown as { CustomFunctions?: unknown };
if (typeof g.CustomFunctions === "undefined") g.CustomFunctions = shim;
