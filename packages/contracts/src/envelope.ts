import { z } from 'zod';

/** Success envelope for a single object or a plain list (api-contract §1.3). */
export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

export const PaginationMeta = z.object({
  page: z.number().int(),
  perPage: z.number().int(),
  totalPages: z.number().int(),
  totalRows: z.number().int(),
});
export type PaginationMeta = z.infer<typeof PaginationMeta>;

/** Paginated list envelope (api-contract §1.3). */
export const pageOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: PaginationMeta });

/** Common page/perPage query: lenient on input form (strings from a query string), strict on range. */
export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(10),
});
export type PageQuery = z.infer<typeof PageQuery>;

export const pageMeta = (page: number, perPage: number, totalRows: number): PaginationMeta => ({
  page,
  perPage,
  totalRows,
  totalPages: Math.max(1, Math.ceil(totalRows / perPage)),
});

export const ErrorEnvelope = z.object({
  error: z.object({
    code: z.number().int(),
    message: z.string(),
    fields: z.record(z.string(), z.array(z.string())),
  }),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;
