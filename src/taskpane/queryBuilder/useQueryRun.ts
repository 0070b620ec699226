// Running the builder's query: Get data with its progress and Cancel, Insert formula, and what came of it.
import { useRef, useState } from "react";
import { formulaFor } from "../../core/query/describe";
import type { Query } from "../../core/query/query";
import { errorText } from "../messages";
import type { Operations, PullSummary } from "../operations";
import type { DestinationChoice } from "./queryForm";

interface RunResult {
  summary?: PullSummary;
  error?: string;
  info?: string;
}

export interface QueryRun {
  /** Rows written of the total while Get data runs (0 of 0 while the service is read), else null. */
  busy: { done: number; total: number } | null;
  result: RunResult | null;
  clearResult(): void;
  getData(query: Query, opts: { rolling: boolean; destination: DestinationChoice }): Promise<void>;
  /** Writes the query's =SALES.SKU(...) / =SALES.STORE(...) into the selected cell. */
  insertFormula(query: Query, rolling: boolean): Promise<void>;
  cancel(): void;
}

export function useQueryRun(operations: Operations, onPulled: (summary: PullSummary) => void): QueryRun {
  const [busy, setBusy] = useState<{ done: number; total: number } | null>(null);
  const [result, setResult] = useState<RunResult | null>(null);
  const abort = useRef<AbortController | null>(null);

  async function getData(query: Query, opts: { rolling: boolean; destination: DestinationChoice }) {
    const controller = new AbortController();
    abort.current = controller;
    setBusy({ done: 0, total: 0 });
    try {
      const summary = await operations.getData(query, {
        ...opts,
        signal: controller.signal,
        onProgress: (done, total) => setBusy({ done, total }),
      });
      setResult({ summary });
      onPulled(summary);
    } catch (err) {
      setResult({ error: errorText(err) });
    } finally {
      setBusy(null);
      abort.current = null;
    }
  }

  async function insertFormula(query: Query, rolling: boolean) {
    try {
      const address = await operations.insertFormula(formulaFor(query, rolling));
      setResult({ info: `Formula written to ${address}.` });
    } catch (err) {
      setResult({ error: errorText(err) });
    }
  }

  return {
    busy,
    result,
    clearResult: () => setResult(null),
    getData,
    insertFormula,
    cancel: () => abort.current?.abort(),
  };
}
