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
  { ignores: [".next/**", "node_modules/**", "data/**", "test-results/**", "playwright-report/**", ".tmp/**", "next-env.d.ts"] },
];

export default config;
