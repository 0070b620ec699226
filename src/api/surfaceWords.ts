// Where the client's messages are read, and the words each place needs: the pane (and the SALES functions, whose
// errors send people to it) names the pane's fields; the `sales-data` command names its variables and options.
// One fact, one wording per surface (docs/architecture.md, Decision 12); the client is told its surface when it is made.
export type Surface = "pane" | "command";

export interface SurfaceWords {
  /** No key at all. */
  noKey: string;
  /** What to do about a key the service rejected. */
  checkKey: string;
  /** Where the service's address is set, as a noun ("the Service URL"). */
  serviceUrl: string;
  /** Where the endpoint paths are set, as a noun. */
  paths: string;
  /** Where a query's days are set, for "ask for fewer days in ...": the next step after an answer broke off. */
  fewerDays: string;
  /** What sends the key ("the add-in"), as a noun. */
  sender: string;
  /**
   * Where a query's retailers are given, as a noun: a retailer the key does not read is then named by it, with
   * those it reads. The pane (whose retailers are picked from the key's own list) says the service's words.
   */
  retailers?: string;
}

export const SURFACE_WORDS: Readonly<Record<Surface, SurfaceWords>> = {
  pane: {
    noKey: "No API key. Enter your API key in the Sales Data pane.",
    checkKey: "Check the key in the Sales Data pane, or ask your account admin for a new one.",
    serviceUrl: "the Service URL",
    paths: "the endpoint paths in the pane",
    fewerDays: "fewer days in From and To",
    sender: "the add-in",
  },
  command: {
    noKey: "No API key: set SALES_DATA_API_KEY, or give --key-file with the path of a file that holds the key.",
    checkKey:
      "Check the key in SALES_DATA_API_KEY (or in the file --key-file names), or ask your account admin for a new one.",
    serviceUrl: 'the service address (--service-url, "serviceUrl" in the sync file, or SALES_DATA_URL)',
    paths: 'the endpoint paths (--data-path and --list-path, or "paths" in the sync file)',
    fewerDays: 'fewer days in the query ("from" and "to")',
    sender: "the command",
    retailers: 'the query\'s "retailers"',
  },
};
