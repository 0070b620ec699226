// How many runs a property test makes: its quick count in `npm test`, its full count in `npm run test:deep`
// (jest.config.js sets TEST_DEEP). A quick count is one shown to still find the bug its property was written for,
// with the rule broken on purpose (README, "Test run time").

/** Whether this run is `npm run test:deep`. */
const DEEP = (globalThis as { TEST_DEEP?: boolean }).TEST_DEEP === true;

/** A property's fast-check parameters: `full` runs under test:deep, `quick` in `npm test`. */
export function runs(full: number, quick: number): { numRuns: number } {
  return { numRuns: DEEP ? full : quick };
}
