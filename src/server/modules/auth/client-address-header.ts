/** better-auth reads the client address only from this header, which the server itself sets. */
export const clientAddressHeader = 'x-bank-client-address';
