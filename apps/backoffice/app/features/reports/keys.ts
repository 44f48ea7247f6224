/** Every report read lives under this key: a reconciliation run invalidates its part (decision 0109). */
export const reportsKey = ['reports'] as const;

export const reportKey = (report: string, query: unknown) => [...reportsKey, report, query] as const;
