// What pipeline.bench.ts times, as one module: esbuild bundles it as the pane's webpack bundles the add-in (a call to
// another module's function is a plain call; through tsx each is a getter, which doubled the answer check's time).
export { checkRows, findPeriodField } from "../../src/api/dataRows";
export { checkAnswer } from "../../src/core/answer/answerCheck";
export { tabulate } from "../../src/core/answer/tabulate";
