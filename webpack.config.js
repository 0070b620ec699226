// Builds the add-in: one shared-runtime page (taskpane.html + taskpane.js: pane, SALES functions, ribbon
// commands), functions.json from the functions' JSDoc, the manifest and the icons.
// Production host: ADDIN_HOST_URL=https://addin.example.com npm run build  (or: npm run build -- --env host=...)
const path = require("node:path");
const CopyWebpackPlugin = require("copy-webpack-plugin");
const CustomFunctionsMetadataPlugin = require("custom-functions-metadata-plugin");
const HtmlWebpackPlugin = require("html-webpack-plugin");

const DEV_HOST = "https://localhost:3000";

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
          // Type checking is `npm run typecheck` (and `npm test`); the bundle only transpiles, through esbuild as
          // the tests (test/support/transform.js) and the sales-data command (tsx) do. JSX and the rest from
          // tsconfig.json.
          use: { loader: "esbuild-loader", options: { target: "es2022" } },
        },
      ],
    },
    plugins: [
      new CustomFunctionsMetadataPlugin({ input: "./src/functions/functions.ts", output: "functions.json" }),
      new HtmlWebpackPlugin({
        filename: "taskpane.html",
        template: "./src/taskpane/taskpane.html",
        chunks: ["taskpane"],
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
