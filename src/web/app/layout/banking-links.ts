/**
 * A signed-in customer's everyday places, in one list for the menu and the phone's bottom bar.
 * Each icon is one SVG path on a 24-unit square, drawn with a stroke.
 */
export const bankingLinks = [
  { to: '/myAccounts', label: 'nav.myAccounts', icon: 'M3 10h18M5 10v8m4-8v8m6-8v8m4-8v8M3 20h18M12 3l9 5H3l9-5Z' },
  { to: '/myCards', label: 'nav.myCards', icon: 'M3 6h18v12H3V6Zm0 4h18M7 15h3' },
  { to: '/myLoans', label: 'nav.myLoans', icon: 'M12 3v18m4-14.5c-1-1-2.4-1.5-4-1.5-2.2 0-4 1.3-4 3s1.8 2.6 4 3 4 1.3 4 3-1.8 3-4 3c-1.6 0-3-.5-4-1.5' },
  { to: '/transfer', label: 'nav.transfer', icon: 'M4 8h14m-4-4 4 4-4 4M20 16H6m4-4-4 4 4 4' },
  // Payments to other banks and wallets: the list, from which a new payment starts.
  { to: '/payments', label: 'nav.payments', icon: 'M4 12 20 4l-6 16-3-7-7-1Zm7 1 9-9' },
] as const;

/**
 * Places the menu lists after the everyday ones but the phone's bottom bar leaves out: it has
 * room for five, one tap each.
 */
export const moreBankingLinks = [
  { to: '/fdr', label: 'nav.fdr', icon: 'M4 20h16M6 20V9m4 11V9m4 11V9m4 11V9M3 9l9-5 9 5' },
  // A calendar: the DPS is saved month by month.
  { to: '/dps', label: 'nav.dps', icon: 'M4 6h16v14H4V6Zm0 4h16M8 3v4m8-4v4m-8 7h3m2 0h3' },
] as const;
