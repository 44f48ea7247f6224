/** Whether the web build or the studio UI bundle is missing or older than its sources. */
export function buildIsStale(root: string): boolean;
