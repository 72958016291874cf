// Stands in for the `server-only` guard under vitest, which runs outside React's server condition.
export {};
