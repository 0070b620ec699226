// Builds the add-in: one shared-runtime page (taskpane.html + taskpane.js: pane, SALES functions, ribbon
// commands), functions.json from the functions' JSDoc, the manifest and the icons. The page loads office.js from
// Microsoft's CDN in production (as AppSource requires) and, in development, from @microsoft/office-js, which the
// dev server serves at /office-js (dev/dev-server.ts): `npm start` needs no network.
// Production host: ADDIN_HOST_URL=https://addin.example.com npm run build  (or: npm run build -- --env host=...)
const path = require("node:path");
const CopyWebpackPlugin = require("copy-webpack-plugin");
const CustomFunctionsMetadataPlugin = require("custom-functions-metadata-plugin");
const HtmlWebpackPlugin = require("html-webpack-plugin");

const DEV_HOST = "https://localhost:3000";
const OFFICE_JS_CDN = "https://appsforoffice.microsoft.com/lib/1/hosted/office.js";
/** Where the dev server serves @microsoft/office-js's dist folder (dev/dev-server.ts OFFICE_JS_MOUNT). */
const OFFICE_JS_LOCAL = "office-js/office.js";

/** The origin the manifest points Excel at; every occurrence of the dev host is replaced by it. */
function hostUrl(env, production) {
  const raw = (env && env.host) || process.env.ADDIN_HOST_URL || "";
  if (!raw) {
    if (production) console.warn(`[build] No ADDIN_HOST_URL (or --env host=...) set: manifest.xml keeps ${DEV_HOST}.`);
    return DEV_HOST;
  }
  let url;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(
      `ADDIN_HOST_URL "${raw}" is not a URL. Give the https origin that serves dist/, e.g. https://addin.example.com`,
    );
  }
  if (url.protocol !== "https:")
    throw new Error(`ADDIN_HOST_URL must be https (Office loads add-ins over https only), got "${raw}".`);
  return raw.replace(/\/+$/, "");
}

module.exports = (env, argv) => {
  const production = argv.mode === "production";
  const host = hostUrl(env, production);
  return {
    mode: production ? "production" : "development",
    devtool: production ? "source-map" : "eval-source-map",
    // The preview (the pane beside an in-memory workbook) is a development tool: never in production.
    entry: production
      ? { taskpane: "./src/runtime.ts" }
      : { taskpane: "./src/runtime.ts", preview: "./dev/preview/index.tsx" },
    output: {
      path: path.resolve(__dirname, "dist"),
      filename: "[name].js",
      clean: true,
    },
    resolve: {
      extensions: [".ts", ".tsx", ".js"],
      // Only the icons the pane draws, not the package's index of every icon (src/taskpane/fluentIcons.ts).
      alias: { "@fluentui/react-icons$": path.resolve(__dirname, "src/taskpane/fluentIcons.ts") },
    },
    module: {
      // An import of a name a module does not export fails the build (a missing icon names itself).
      parser: { javascript: { exportsPresence: "error" } },
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          // ts-loader, transpiling only: type checking is `npm run typecheck` (and `npm test`), once for the whole
          // project. JSX, the target and the rest from tsconfig.json (which emits nothing itself).
          use: { loader: "ts-loader", options: { transpileOnly: true, compilerOptions: { noEmit: false } } },
        },
      ],
    },
    plugins: [
      new CustomFunctionsMetadataPlugin({ input: "./src/functions/functions.ts", output: "functions.json" }),
      new HtmlWebpackPlugin({
        filename: "taskpane.html",
        template: "./src/taskpane/taskpane.html",
        chunks: ["taskpane"],
        officeJs: production ? OFFICE_JS_CDN : OFFICE_JS_LOCAL,
      }),
      new HtmlWebpackPlugin({ filename: "help.html", template: "./src/help.html", chunks: [] }),
      ...(production
        ? []
        : [
            new HtmlWebpackPlugin({
              filename: "preview.html",
              template: "./dev/preview/preview.html",
              chunks: ["preview"],
            }),
          ]),
      new CopyWebpackPlugin({
        patterns: [
          { from: "assets/*.png", to: "assets/[name][ext]" },
          {
            from: "manifest.xml",
            to: "manifest.xml",
            transform: (content) => content.toString().split(DEV_HOST).join(host),
          },
        ],
      }),
    ],
    performance: { hints: false },
  };
};
