import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { phoneStatusAnswerSchema } from '../../../../shared/schemas/two-factor';
import { apiGet } from '../../../lib/api-client';

const phoneNumberQuery = queryOptions({
  queryKey: ['phoneNumber'],
  queryFn: ({ signal }) => apiGet<z.output<typeof phoneStatusAnswerSchema>>('/api/phoneNumber', signal),
});

/** The customer's verified mobile number for SMS codes, masked, or null. */
export const usePhoneNumber = (enabled: boolean) => useQuery({ ...phoneNumberQuery, enabled });
export const phoneNumberQueryKey = phoneNumberQuery.queryKey;
