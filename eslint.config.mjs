// Lint: the Office add-in rules (load before read, sync after load, no sync in loops); prettier runs on its own.
import officeAddins from "eslint-plugin-office-addins";
import tsParser from "@typescript-eslint/parser";
import tsPlugin from "@typescript-eslint/eslint-plugin";
import globals from "globals";

export default [
  { ignores: ["dist/", "node_modules/", "coverage/", "test-output/", ".cache/"] },
  ...officeAddins.configs.react,
  {
    files: ["**/*.{ts,tsx,js,mjs,cjs}"],
    plugins: { "@typescript-eslint": tsPlugin },
    languageOptions: {
      parser: tsParser,
      ecmaVersion: 2022,
      sourceType: "module",
      parserOptions: { ecmaFeatures: { jsx: true } },
      globals: {
        ...globals.browser,
        ...globals.node,
        ...globals.jest,
        Office: "readonly",
        Excel: "readonly",
        OfficeRuntime: "readonly",
        CustomFunctions: "readonly",
      },
    },
    rules: {
      "react/react-in-jsx-scope": "off", // the automatic JSX runtime
      "react/prop-types": "off", // TypeScript checks props
      "no-undef": "off", // TypeScript checks names
      "no-unused-vars": "off", // the TypeScript rule below understands types
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // `prettier --check .` (npm run lint) checks every file's formatting once; through eslint it cost as much again.
      "prettier/prettier": "off",
    },
  },
  {
    // Small functions a newcomer can read whole, every line counted (React components split into field components
    // past this), and modules small enough to hold in mind: split a file by concern before it passes 400 lines.
    files: ["src/**/*.{ts,tsx}"],
    rules: {
      "max-lines-per-function": ["error", { max: 80, skipBlankLines: false, skipComments: false, IIFEs: true }],
      "max-lines": ["error", { max: 400, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    // The dev tools (the simulator, the workbook host, the bench, the preview) are held to the same 400 lines.
    files: ["dev/**/*.{ts,tsx}"],
    rules: {
      "max-lines": ["error", { max: 400, skipBlankLines: false, skipComments: false }],
    },
  },
];
