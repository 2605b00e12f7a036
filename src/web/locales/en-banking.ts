/** English texts of customer banking (accounts, statements, deposits, transfers, cards, loans). */
export const enBanking = {} as const;
