import { z } from 'zod';

/** Invoice status (api-contract §1.6): 1 pending/processing, 2 success, 3 failed/declined. */
export const InvoiceStatus = { pending: 1, success: 2, failure: 3 } as const;
/** Invoice type (api-contract §1.6): 1 deposit, 2 withdrawal. */
export const InvoiceType = { deposit: 1, withdrawal: 2 } as const;

const localized = z.record(z.string(), z.string());

export const PaymentFieldOption = z.object({
  id: z.string(),
  name: z.string(),
  minAmount: z.number(),
  maxAmount: z.number(),
  regex: z.string().optional(),
  regexp: z.string().optional(),
});

/** One input of a payment form (api-contract §8). */
export const PaymentField = z.object({
  key: z.string(),
  fieldType: z.string(),
  type: z.string(),
  regexp: z.string(),
  labels: localized,
  hints: localized,
  isRequired: z.boolean(),
  position: z.number().int(),
  value: z.string().nullable(),
  options: z.array(PaymentFieldOption).optional(),
});
export type PaymentField = z.infer<typeof PaymentField>;

/** A deposit or withdrawal method available for a currency and country (api-contract §8). */
export const PaymentMethod = z.object({
  method: z.string(),
  type: z.enum(['form', 'address']),
  processingType: z.enum(['form', 'qr', 'iframe', 'message', 'asyncRedirect']),
  amountMin: z.number(),
  amountMax: z.number(),
  names: localized,
  logo: z.string(),
  icon: z.string(),
  presets: z.array(z.object({ amount: z.number(), default: z.boolean() })),
  fields: z.array(PaymentField),
});
export type PaymentMethod = z.infer<typeof PaymentMethod>;

export const PaymentMethodsQuery = z.object({
  currency: z.string().min(1).max(10),
  country: z.string().length(2).optional(),
});

const amount = z.union([z.number(), z.string().max(40)]);
const formFields = z.record(z.string(), z.string().max(500).nullable());

export const DepositRequest = z.object({
  method: z.string().min(1).max(100),
  currency: z.string().min(1).max(10),
  /** Major units of the account currency. */
  amount,
  accountId: z.string().uuid(),
  country: z.string().length(2).optional(),
  redirectSuccessUrl: z.string().min(1).max(2000),
  redirectErrorUrl: z.string().min(1).max(2000),
  redirectUrl: z.string().max(2000).optional(),
  bonusId: z.string().max(100).optional(),
  isBonusDecline: z.boolean().optional(),
  fields: formFields.optional(),
});
export type DepositRequest = z.infer<typeof DepositRequest>;

export const DepositResponse = z.object({
  invoiceId: z.string(),
  action: z.string(),
  method: z.string(),
  type: z.string(),
  fields: z.record(z.string(), z.string()),
  qr: z.string().optional(),
  address: z.string().optional(),
  tag: z.string().optional(),
});
export type DepositResponse = z.infer<typeof DepositResponse>;

export const WithdrawRequest = z.object({
  method: z.string().min(1).max(100),
  currency: z.string().min(1).max(10),
  amount,
  accountId: z.string().uuid(),
  country: z.string().length(2).optional(),
  fields: formFields.default({}),
});
export type WithdrawRequest = z.infer<typeof WithdrawRequest>;

export const WithdrawResponse = z.object({
  invoiceId: z.string(),
  action: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
  method: z.string().optional(),
  type: z.string().optional(),
  qr: z.string().nullable().optional(),
  message: z.string().optional(),
});
export type WithdrawResponse = z.infer<typeof WithdrawResponse>;

/** An invoice in the history (api-contract §8). Amounts in major units of `currency`. */
export const Invoice = z.object({
  id: z.string(),
  amount: z.number(),
  transactionAmount: z.number(),
  currency: z.string(),
  transactionCurrency: z.string(),
  status: z.number().int(),
  statusResult: z.string(),
  paymentMethod: z.string(),
  invoiceType: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
  /** Cash-agent fields in the contract; crypto deposits carry { qr, url, address, network }. */
  publicData: z.record(z.string(), z.unknown()).nullable(),
});
export type Invoice = z.infer<typeof Invoice>;

export const InvoicesQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(10),
  dateFrom: z.iso.datetime({ offset: true }).optional(),
  dateTo: z.iso.datetime({ offset: true }).optional(),
  type: z.coerce.number().int().min(1).max(2).optional(),
  currency: z.string().min(1).max(10).optional(),
  status: z.coerce.number().int().min(1).max(3).optional(),
});
export type InvoicesQuery = z.infer<typeof InvoicesQuery>;

const sum = z.number().nullable();
/** Per-currency totals of the player's successful invoices (api-contract §8). */
export const InvoiceStatistics = z.object({
  currency: z.string(),
  depositsCount: z.number().int(),
  /** A string, as the contract says (sic). */
  withdrawalsCount: z.string(),
  purchasesCount: z.number().int(),
  virtualPayoutsCount: z.number().int(),
  depositsSum: sum,
  withdrawalsSum: sum,
  purchasesSum: sum,
  virtualPayoutsSum: sum,
  lastDepositAmount: sum,
  lastWithdrawalAmount: sum,
  lastPurchaseAmount: sum,
  lastVirtualPayoutAmount: sum,
  lastDepositProcessedAt: z.string().nullable(),
  lastWithdrawalProcessedAt: z.string().nullable(),
  lastPurchaseProcessedAt: z.string().nullable(),
  lastVirtualPayoutProcessedAt: z.string().nullable(),
  depositsSumBaseCurrency: sum,
  withdrawalsSumBaseCurrency: sum,
  purchasesSumBaseCurrency: sum,
  virtualPayoutsSumBaseCurrency: sum,
  lastDepositAmountBaseCurrency: sum,
  lastWithdrawalAmountBaseCurrency: sum,
  lastPurchaseAmountBaseCurrency: sum,
  lastVirtualPayoutAmountBaseCurrency: sum,
});
export type InvoiceStatistics = z.infer<typeof InvoiceStatistics>;

/** The invoice as the real-time channel `payment:invoices#{playerId}` carries it (api-contract §14.2). */
export const InvoiceEventPayload = z.object({
  id: z.string(),
  playerId: z.string(),
  amount: z.number(),
  currency: z.string(),
  paymentMethod: z.string(),
  status: z.number().int(),
  createdAt: z.string(),
  number: z.number().int().nullable(),
  publicData: z.object({ qr: z.string(), url: z.string() }).nullable(),
});
export type InvoiceEventPayload = z.infer<typeof InvoiceEventPayload>;

export const InvoiceEvent = z.object({
  event: z.enum(['invoice.deposit.updated', 'invoice.withdrawal.updated', 'invoice.withdrawal.created']),
  invoice: InvoiceEventPayload,
});
export type InvoiceEvent = z.infer<typeof InvoiceEvent>;
