// The proxies that others reach by name (proxy-registry.ts), declared and registered when the request context
// loads: a range's worksheet, tables, conditional formats and merged areas, a table's and a PivotTable's worksheet.
// Each is handed out by a module that its own module imports, so it cannot be imported there.
import { HostConditionalFormatCollection } from "./conditional-formats";
import { registerProxies } from "./proxy-registry";
import { HostRangeAreas } from "./range-areas";
import { HostTableCollection } from "./table";
import { HostWorksheet } from "./worksheet";

declare module "./proxy-registry" {
  interface ProxyClasses {
    HostConditionalFormatCollection: typeof HostConditionalFormatCollection;
    HostRangeAreas: typeof HostRangeAreas;
    HostTableCollection: typeof HostTableCollection;
    HostWorksheet: typeof HostWorksheet;
  }
}

registerProxies({ HostConditionalFormatCollection, HostRangeAreas, HostTableCollection, HostWorksheet });
