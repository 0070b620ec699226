// Type checking is `tsc --noEmit` (run by `npm test` first); Jest only transpiles, which keeps it fast.
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts", "**/*.test.tsx"],
  transform: {
    "^.+\\.tsx?$": [
      "ts-jest",
      {
        tsconfig: {
          module: "commonjs",
          moduleResolution: "node10",
          ignoreDeprecations: "6.0",
          jsx: "react-jsx",
          isolatedModules: true,
        },
      },
    ],
  },
  testTimeout: 30000,
};
