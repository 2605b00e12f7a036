/** English texts of the public site (home sections, static pages, tax calculator, contact). */
export const enPublic = {} as const;
