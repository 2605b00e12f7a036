/**
 * The customer's list queries the router's loaders start beside a customer page's code. Imported
 * lazily by the router, so their code comes with the customer's pages and not with the first screen
 * every visitor downloads; the pages import the same modules, so nothing is fetched twice.
 */
export { myAccountsQuery } from '../features/banking/api/accounts';
export { myDepositsQuery } from '../features/banking/api/deposits';
export { myCardsQuery, myLoansQuery } from '../features/banking/api/loans-and-cards';
