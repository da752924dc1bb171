export { useBalances, balancesQuery, balancesQueryKey, balanceOf, type BalancesResponse, type TokenBalance } from './use-balances';
