import type { Language } from './language';
import type { DeclineReason } from './schemas/decline';

/**
 * Why staff declined a request, as the customer reads it: on the request itself, in the
 * notifications list and in the e-mail, all from these words, so the three never disagree.
 */
export const declineReasonWords: Record<Language, Record<DeclineReason, string>> = {
  en: {
    documents_incomplete: 'The documents were incomplete or could not be read',
    identity_unverified: 'We could not verify your identity',
    income_insufficient: 'Your income does not support the amount asked for',
    account_ineligible: 'The account is not eligible or not active',
    duplicate_request: 'The same request had already been made',
    customer_cancelled: 'You asked us to cancel it',
    other: 'Another reason',
  },
  bn: {
    documents_incomplete: 'কাগজপত্র অসম্পূর্ণ ছিল বা পড়া যায়নি',
    identity_unverified: 'আমরা আপনার পরিচয় যাচাই করতে পারিনি',
    income_insufficient: 'আপনার আয়ের তুলনায় চাওয়া পরিমাণ বেশি',
    account_ineligible: 'হিসাবটি যোগ্য নয় বা সক্রিয় নয়',
    duplicate_request: 'একই আবেদন আগেই করা হয়েছিল',
    customer_cancelled: 'আপনি এটি বাতিল করতে বলেছিলেন',
    other: 'অন্য কারণ',
  },
};
