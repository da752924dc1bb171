export { WalletProvider, useWallet, type WalletContextValue, type WalletProviderProps } from './wallet-provider';
export { useAppConfig, configQuery, configQueryKey } from './config';
export { detectProvider, injectedProvider } from './detect';
export {
  walletText,
  shortenAddress,
  isUserRejection,
  errorMessage,
  networkConnectedToast,
  shortNetworkName,
  unknownNetworkMessage,
  connectFailedModal,
  connectFailedToast,
  WALLET_NAME,
  PROVIDER_POLL_MS,
  PROVIDER_GIVE_UP_MS,
  CONNECTED_TOAST_MS,
} from './messages';
export type {
  AppConfig,
  ConfigNetwork,
  ConfigToken,
  SendTransactionParams,
  SupraProvider,
  WalletNetwork,
  WalletStatus,
} from './types';
