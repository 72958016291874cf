/** The tag form's limits, shared with the browser without the taxonomies (and the benchmark registry) behind them. */
export const MAX_TAG_LENGTH = 60;
