import type { RawChainId, SendTransactionParams, SupraProvider } from '../types';
import type { AppConfig } from '@/types/api';

type Listener = (payload?: unknown) => void;

/** A scriptable stand-in for window.starkey.supra, for unit tests. */
export class FakeProvider implements SupraProvider {
  chainId: RawChainId = '255';
  connected = false;
  accountsList: string[] = ['0x' + 'a1'.repeat(32)];
  listeners: Record<string, Listener[]> = {};
  /** Override to script connect(): return accounts or throw. */
  connectImpl: () => Promise<string[]> = async () => {
    this.connected = true;
    return [...this.accountsList];
  };
  changeNetworkImpl: (id: string) => Promise<{ chainId: RawChainId }> = async (id) => {
    this.setNetwork(id);
    return { chainId: id };
  };
  sendImpl: (p: SendTransactionParams) => Promise<string | null> = async () => '0x' + 'f0'.repeat(32);
  sent: SendTransactionParams[] = [];
  calls: string[] = [];

  connect = async () => {
    this.calls.push('connect');
    return this.connectImpl();
  };
  account = async () => (this.connected ? [...this.accountsList] : []);
  accounts = async () => (this.connected ? [...this.accountsList] : []);
  getChainId = async () => ({ chainId: this.chainId });
  changeNetwork = async ({ chainId }: { chainId: string }) => {
    this.calls.push('changeNetwork:' + chainId);
    return this.changeNetworkImpl(chainId);
  };
  disconnect = async () => {
    this.calls.push('disconnect');
    this.connected = false;
    this.emit('disconnect');
  };
  sendTransaction = async (p: SendTransactionParams) => {
    this.sent.push(p);
    return this.sendImpl(p);
  };
  on = ((event: string, fn: Listener) => {
    (this.listeners[event] ??= []).push(fn);
  }) as SupraProvider['on'];

  emit(event: string, payload?: unknown) {
    for (const fn of this.listeners[event] ?? []) fn(payload);
  }
  setNetwork(id: string) {
    if (String(this.chainId) === id) return;
    this.chainId = id;
    this.emit('networkChanged', { chainId: id });
  }
  switchAccount(address: string) {
    this.accountsList = [address];
    this.emit('accountChanged', [address]);
  }
}

export function rejection() {
  return Object.assign(new Error('User rejected the request.'), { code: 4001 });
}

export const devnetConfig: AppConfig = {
  network: {
    name: 'devnet',
    label: 'Supra Devnet',
    chainId: 255,
    explorerTx: '/tx/{hash}',
    explorerAddress: '/account/{address}',
    modules: {
      slots: '',
      dexPackage: '',
      dexCurve: '',
      swapEvent: '',
      staking: '',
      miners: '',
      burnAddress: '',
      nativeCoin: '0x1::supra_coin::SupraCoin',
    },
    devnet: true,
    labels: {},
  },
  knownChainIds: [6, 8, 255],
  bots: { suprabot: { status: 'off', username: null }, burnbot: { status: 'off', username: null } },
  features: {
    slots: { on: true, reason: null },
    swap: { on: true, reason: null },
    burn: { on: true, reason: null },
    staking: { on: true, reason: null },
    miners: { on: true, reason: null },
  },
  tokens: [
    {
      name: 'SUPRA',
      symbol: 'SUPRA',
      coinType: '0x1::supra_coin::SupraCoin',
      decimals: 8,
      logo: '',
      totalSupply: '0',
      burnable: false,
    },
  ],
};
