import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTypescript,
  {
    // Tests poke at untyped JSON records on purpose; `_name` marks a value left out by destructuring.
    files: ["**/*.test.ts", "e2e/**/*.ts"],
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unused-vars": ["warn", { varsIgnorePattern: "^_", argsIgnorePattern: "^_" }],
    },
  },
  // The layers (docs/ARCHITECTURE.md): data flows one way, so each layer may import only those below it.
  {
    files: ["lib/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { paths: ["react", "react-dom", "next"], patterns: [{ group: ["next/*", "**/db/*", "@/db/*", "**/components/*", "@/components/*", "**/app/*", "@/app/*", "**/server/*", "@/server/*"], message: "lib/ is pure: no React, Next, database, views or server code." }] }],
    },
  },
  {
    files: ["db/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { paths: ["react", "react-dom"], patterns: [{ group: ["**/components/*", "@/components/*", "**/app/*", "@/app/*", "**/server/*", "@/server/*"], message: "The database layer never imports views or the server layer." }] }],
    },
  },
  {
    files: ["components/**/*.ts", "components/**/*.tsx", "server/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["**/app/*", "@/app/*"], message: "Only app/ imports from app/." }] }],
    },
  },
  { ignores: [".next/**", "node_modules/**", "data/**", "test-results/**", "playwright-report/**", ".tmp/**", "next-env.d.ts"] },
];

export default config;
