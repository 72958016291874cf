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
      "@typescript-eslint/no-unused-vars": [
        "warn",
        { varsIgnorePattern: "^_", argsIgnorePattern: "^_" },
      ],
    },
  },
  // The layers (docs/ARCHITECTURE.md): data flows one way, so each layer may import only those below it.
  {
    files: ["lib/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: ["react", "react-dom", "next"],
          patterns: [
            {
              group: [
                "next/*",
                "**/db/*",
                "@/db/*",
                "**/components/*",
                "@/components/*",
                "**/app/*",
                "@/app/*",
                "**/server/*",
                "@/server/*",
              ],
              message: "lib/ is pure: no React, Next, database, views or server code.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["db/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: ["react", "react-dom"],
          patterns: [
            {
              group: [
                "**/components/*",
                "@/components/*",
                "**/app/*",
                "@/app/*",
                "**/server/*",
                "@/server/*",
              ],
              message: "The database layer never imports views or the server layer.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["server/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/app/*", "@/app/*"], message: "Only app/ imports from app/." }] },
      ],
    },
  },
  {
    files: ["components/**/*.ts", "components/**/*.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/app/*", "@/app/*"], message: "Only app/ imports from app/." },
            {
              group: ["**/db/*", "@/db/*"],
              allowTypeImports: true,
              message:
                "A view gets its data as props: the page or its loader (server/benchmarks) runs the queries.",
            },
          ],
        },
      ],
    },
  },
  // Every query is a promise now (db/client.ts): one left unawaited, or tested as a condition,
  // would pass the type checker. These rules read the types, so they run on the TypeScript files.
  {
    files: ["**/*.ts", "**/*.tsx"],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: false }],
      "@typescript-eslint/await-thenable": "error",
    },
  },
  // One data layer for SQLite and PostgreSQL (db/client.ts): queries are awaited, never run with
  // better-sqlite3's synchronous calls, which PostgreSQL's builders do not have.
  {
    files: [
      "db/**/*.ts",
      "server/**/*.ts",
      "app/**/*.ts",
      "app/**/*.tsx",
      "components/**/*.tsx",
      "cli/**/*.ts",
      "scripts/**/*.ts",
      "test/**/*.ts",
    ],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "CallExpression[arguments.length=0] > MemberExpression.callee[property.name=/^(all|get|run)$/]",
          message:
            "Await the query instead (db/client.ts): .all(), .get() and .run() exist on SQLite only.",
        },
        {
          selector: "MemberExpression[property.name='$client']",
          message:
            "Use engineOf / sqliteClientOf / rawRows (db/client.ts): the client differs per engine.",
        },
      ],
    },
  },
  {
    ignores: [
      ".next/**",
      "node_modules/**",
      "data/**",
      "test-results/**",
      "playwright-report/**",
      ".tmp/**",
      "next-env.d.ts",
    ],
  },
];

export default config;
