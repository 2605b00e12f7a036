import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type FdrInstruction,
  type fdrOpenSchema,
  type fdrQuoteSchema,
  fdrAnswerSchema,
  fdrEncashedAnswerSchema,
  fdrEncashmentQuoteAnswerSchema,
  fdrListAnswerSchema,
  fdrProductsAnswerSchema,
  fdrQuoteAnswerSchema,
} from '../../../../shared/schemas/fixed-deposits';
import { apiRequestChecked } from '../../../lib/api-client';
import { idempotencyHeader } from '../../../lib/settle-operation';
import { bankingKeys } from './accounts';

const fdrKeys = { products: ['fdr', 'products'] as const, mine: [...bankingKeys.all, 'fdr'] as const };

/** The FDR terms in force: public, the same rates the product page shows. */
export const fdrProductsQuery = () => queryOptions({ queryKey: fdrKeys.products, queryFn: ({ signal }) => apiRequestChecked(fdrProductsAnswerSchema, '/api/fdr/products', { signal }) });
export const useFdrProducts = () => useQuery(fdrProductsQuery());

export const myFdrsQuery = () => queryOptions({ queryKey: fdrKeys.mine, queryFn: ({ signal }) => apiRequestChecked(fdrListAnswerSchema, '/api/fdr', { signal }) });
export const useMyFdrs = () => useQuery(myFdrsQuery());

export type FdrQuotePayload = z.input<typeof fdrQuoteSchema>;
export type FdrOpenPayload = z.input<typeof fdrOpenSchema>;

/** What opening would fix; moves nothing. */
export const quoteFdr = (payload: FdrQuotePayload) => apiRequestChecked(fdrQuoteAnswerSchema, '/api/fdr/quote', { method: 'POST', body: payload });

const openedAnswerSchema = z.object({ deposit: fdrAnswerSchema, accountBalancePoisha: z.string() });
/** One send of the opening; the caller keeps `idempotencyKey` for every resend of the same confirmation. */
export const openFdr = (payload: FdrOpenPayload, idempotencyKey: string) =>
  apiRequestChecked(openedAnswerSchema, '/api/fdr', { method: 'POST', body: payload, headers: idempotencyHeader(idempotencyKey) });

export const fdrQuery = (id: string) =>
  queryOptions({ queryKey: [...fdrKeys.mine, id] as const, queryFn: ({ signal }) => apiRequestChecked(fdrAnswerSchema, `/api/fdr/${encodeURIComponent(id)}`, { signal }) });
export const useFdr = (id: string) => useQuery(fdrQuery(id));

export const changeFdrInstruction = (id: string, instruction: FdrInstruction) =>
  apiRequestChecked(fdrAnswerSchema, `/api/fdr/${encodeURIComponent(id)}/instruction`, { method: 'PUT', body: { instruction } });

/** What breaking the FDR today pays, and what holding it would; moves nothing. */
export const quoteEncashment = (id: string) => apiRequestChecked(fdrEncashmentQuoteAnswerSchema, `/api/fdr/${encodeURIComponent(id)}/encashment/quote`, { method: 'POST', body: {} });
export const encashFdr = (id: string, idempotencyKey: string) =>
  apiRequestChecked(fdrEncashedAnswerSchema, `/api/fdr/${encodeURIComponent(id)}/encashment`, { method: 'POST', body: {}, headers: idempotencyHeader(idempotencyKey) });
