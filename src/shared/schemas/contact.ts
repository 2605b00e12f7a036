import { z } from 'zod';
import { freeTextLengthMax } from '../constants';
import { bangladeshMobile, emailAddress, listLimit, listOffset, listSearch, paragraphs, personName, requiredText } from './fields';

/** The staff list of contact messages is paged; one page holds at most this many. */
export const contactMessagePageSizeMax = 100;
export const contactMessagePageSizeDefault = 20;

const contactNumber = bangladeshMobile('Contact is required', 'Contact number must be a Bangladeshi mobile number like +8801712345678');

/** POST /api/contact, and the Contact Us form: the first product's required messages ('Email is required', …), then the formats. */
export const contactMessageSchema = z.object({
  fullName: personName('First Name is required'),
  email: emailAddress('Email is required'),
  contact: contactNumber,
  message: requiredText('Message is required', freeTextLengthMax, paragraphs),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;

export const contactAcknowledgedSchema = z.object({ acknowledged: z.literal(true), insertedId: z.string() });
export type ContactAcknowledged = z.infer<typeof contactAcknowledgedSchema>;

export const contactMessageListQuerySchema = z.object({
  limit: listLimit(contactMessagePageSizeMax, contactMessagePageSizeDefault),
  offset: listOffset(),
  q: listSearch(),
});

/**
 * Where the e-mail of a message stands: `pending` until the first send (or for ever when no
 * SMTP server is configured), `retrying` after a failed send, `sent`, or `failed` once the
 * retries are used up. Every message stays stored whatever its state.
 */
export const contactDeliveryStates = ['pending', 'retrying', 'sent', 'failed'] as const;
export type ContactDeliveryState = (typeof contactDeliveryStates)[number];

export const storedContactMessageSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string(),
  contact: z.string(),
  message: z.string(),
  createdAt: z.string(),
  deliveryState: z.enum(contactDeliveryStates),
  sendAttempts: z.number().int(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type StoredContactMessage = z.infer<typeof storedContactMessageSchema>;
export const storedContactMessageListSchema = z.array(storedContactMessageSchema);
