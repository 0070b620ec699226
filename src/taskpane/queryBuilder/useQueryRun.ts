// Running the builder's query: Get data with its progress and Cancel, Insert formula, and what came of it.
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { formulaFor } from "../../core/query/describe";
import type { Query } from "../../core/query/query";
import { TooLargeForExcel } from "../../core/query/sizeAdvice";
import { errorText } from "../messages";
import type { Operations, PullSummary } from "../operations";
import type { DestinationChoice } from "./queryForm";

interface RunResult {
  summary?: PullSummary;
  error?: string;
  /** The query refused as too large for Excel: the pane offers it for a sync instead. */
  tooLarge?: { query: Query; rolling: boolean };
  info?: string;
}

/** Where Get data is: reading (rows read, and once known the rows projected), then writing (rows of the total). */
export type RunProgress =
  { phase: "reading"; rows: number; projected?: number } | { phase: "writing"; done: number; total: number };

/** Progress is drawn at most this often: a large answer's batches come faster than a person reads. */
const PROGRESS_MS = 100;

/**
 * Where Get data is, held apart from the builder's state: only the progress line draws again as rows come (the
 * whole builder drawn again for each batch of a large answer held the pane's thread for 200 ms at a time).
 */
export class ProgressStore {
  private value: RunProgress | null = null;
  private readonly listeners = new Set<() => void>();
  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  readonly get = (): RunProgress | null => this.value;
  set(value: RunProgress | null): void {
    this.value = value;
    for (const l of this.listeners) l();
  }
}

/** The progress as a component reads it: drawn again when it changes. */
export const useProgress = (store: ProgressStore): RunProgress | null =>
  useSyncExternalStore(store.subscribe, store.get);

export interface QueryRun {
  /** Get data is running (the buttons wait), and whether Cancel was pressed; null when it is not running. */
  busy: { cancelling: boolean } | null;
  /** Where it is: rows read, then rows written. */
  progress: ProgressStore;
  result: RunResult | null;
  clearResult(): void;
  getData(query: Query, opts: { rolling: boolean; destination: DestinationChoice }): Promise<void>;
  /** Writes the query's =SALES.SKU(...) / =SALES.STORE(...) into the selected cell. */
  insertFormula(query: Query, rolling: boolean): Promise<void>;
  cancel(): void;
}

/**
 * `laterReports` counts what the pane's other sections reported (a refresh's lines, an action's message): each
 * takes Get data's result away, so the pane never shows a summary older than what was done since.
 */
export function useQueryRun(
  operations: Operations,
  onPulled: (summary: PullSummary) => void,
  laterReports = 0,
): QueryRun {
  const [busy, setBusy] = useState<{ cancelling: boolean } | null>(null);
  const [result, setResult] = useState<RunResult | null>(null);
  useEffect(() => {
    if (laterReports > 0) setResult(null);
  }, [laterReports]);
  const abort = useRef<AbortController | null>(null);
  const progress = useRef(new ProgressStore()).current;

  async function getData(query: Query, opts: { rolling: boolean; destination: DestinationChoice }) {
    const controller = new AbortController();
    abort.current = controller;
    setBusy({ cancelling: false });
    progress.set({ phase: "reading", rows: 0 });
    let shown = 0;
    const show = (next: RunProgress, now = Date.now()) => {
      if (now - shown < PROGRESS_MS || controller.signal.aborted) return;
      shown = now;
      progress.set(next);
    };
    try {
      const summary = await operations.getData(query, {
        ...opts,
        signal: controller.signal,
        onRead: (rows, projected) => show({ phase: "reading", rows, projected }),
        onProgress: (done, total) => show({ phase: "writing", done, total }, done === total ? Infinity : Date.now()),
      });
      setResult({ summary });
      onPulled(summary);
    } catch (err) {
      const tooLarge = err instanceof TooLargeForExcel ? { query: err.query, rolling: opts.rolling } : undefined;
      setResult({ error: errorText(err), ...(tooLarge ? { tooLarge } : {}) });
    } finally {
      setBusy(null);
      progress.set(null);
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
    progress,
    result,
    clearResult: () => setResult(null),
    getData,
    insertFormula,
    cancel: () => {
      abort.current?.abort();
      // Said at once: the work stops at its next turn, and the workbook is put back as it was.
      setBusy((b) => b && { cancelling: true });
    },
  };
}
