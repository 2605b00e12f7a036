import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type dpsOpenSchema,
  type dpsQuoteSchema,
  dpsAnswerSchema,
  dpsClosedAnswerSchema,
  dpsDetailAnswerSchema,
  dpsEarlyClosureQuoteAnswerSchema,
  dpsListAnswerSchema,
  dpsProductsAnswerSchema,
  dpsQuoteAnswerSchema,
} from '../../../../shared/schemas/deposit-schemes';
import { apiRequestChecked } from '../../../lib/api-client';
import { idempotencyHeader } from '../../../lib/settle-operation';
import { bankingKeys } from './accounts';

// Under the banking keys: every money refresh (useRefreshBanking) reads the schemes again too.
const dpsKeys = { products: ['dps', 'products'] as const, mine: [...bankingKeys.all, 'dps'] as const };

/** The DPS terms in force and the instalment's limits: public. */
export const dpsProductsQuery = () => queryOptions({ queryKey: dpsKeys.products, queryFn: ({ signal }) => apiRequestChecked(dpsProductsAnswerSchema, '/api/dps/products', { signal }) });
export const useDpsProducts = () => useQuery(dpsProductsQuery());

export const myDpsQuery = () => queryOptions({ queryKey: dpsKeys.mine, queryFn: ({ signal }) => apiRequestChecked(dpsListAnswerSchema, '/api/dps', { signal }) });
export const useMyDps = () => useQuery(myDpsQuery());

export type DpsQuotePayload = z.input<typeof dpsQuoteSchema>;
export type DpsOpenPayload = z.input<typeof dpsOpenSchema>;

/** Every instalment's day and what the scheme pays at maturity if each is paid; moves nothing. */
export const quoteDps = (payload: DpsQuotePayload) => apiRequestChecked(dpsQuoteAnswerSchema, '/api/dps/quote', { method: 'POST', body: payload });

const openedAnswerSchema = z.object({ scheme: dpsAnswerSchema, accountBalancePoisha: z.string() });
export type DpsOpenedAnswer = z.infer<typeof openedAnswerSchema>;
/** One send of the opening, which takes the first instalment; the caller keeps `idempotencyKey` for every resend of the same confirmation. */
export const openDps = (payload: DpsOpenPayload, idempotencyKey: string) =>
  apiRequestChecked(openedAnswerSchema, '/api/dps', { method: 'POST', body: payload, headers: idempotencyHeader(idempotencyKey) });

export const dpsQuery = (id: string) =>
  queryOptions({ queryKey: [...dpsKeys.mine, id] as const, queryFn: ({ signal }) => apiRequestChecked(dpsDetailAnswerSchema, `/api/dps/${encodeURIComponent(id)}`, { signal }) });
export const useDps = (id: string) => useQuery(dpsQuery(id));

/** What closing the scheme today pays, and what its own rate would on the same instalments; moves nothing. */
export const quoteDpsEarlyClosure = (id: string) => apiRequestChecked(dpsEarlyClosureQuoteAnswerSchema, `/api/dps/${encodeURIComponent(id)}/early-closure/quote`, { method: 'POST', body: {} });
export const closeDpsEarly = (id: string, idempotencyKey: string) =>
  apiRequestChecked(dpsClosedAnswerSchema, `/api/dps/${encodeURIComponent(id)}/early-closure`, { method: 'POST', body: {}, headers: idempotencyHeader(idempotencyKey) });
