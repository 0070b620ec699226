// The corrupting proxy and its transforms: answers that break the data contract while staying
// well-formed JSON, for tests, property tests and the benchmark (docs/simulator.md, "Corrupting proxy").
export {
  checkCorruption,
  corruptRows,
  omittedHeaderAfter,
  UNPLACEABLE_PERIODS,
  type Corruption,
  type CorruptionContext,
} from "./corrupt";
export { periodDay, periodField, seededRandom, withOffset } from "./answer-rows";
export { DATA_PATH, startCorruptingProxy, type CorruptingProxy, type ProxyRule, type ReceivedRequest } from "./proxy";
export type { RedirectRule } from "./redirect";
