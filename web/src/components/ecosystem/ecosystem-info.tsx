import type { ReactNode } from 'react';
import { claim } from '@/lib/claims/claims';
import { Button } from '@/components/ui/button';
import { BotIcon, ChartIcon, CoinsIcon, LockIcon, SlotIcon } from '@/components/ui/content-icons';
import { Modal } from '@/components/ui/modal';
import { SLOT_ODDS } from '@/lib/slots/paytable';

export type EcosystemType = 'staking' | 'games' | 'trading' | 'buyBot' | 'slotsBot';

export interface EcosystemEntry {
  type: EcosystemType;
  title: string;
  summary: string;
  tone: 'pink' | 'cyan' | 'gold' | 'green' | 'violet';
  icon: ReactNode;
  points: string[];
  body: string;
}

export const ecosystem: Record<EcosystemType, EcosystemEntry> = {
  staking: {
    type: 'staking',
    title: 'Staking',
    summary: 'Stake in the LuckyCoin pool and earn daily rewards.',
    tone: 'gold',
    icon: <LockIcon size={26} />,
    body:
      'The staking pool pays every staker a share of its rewards each day. The figures below are read from the pool ' +
      'contract itself, including which coin it stakes.',
    points: [
      'Rewards accrue every day and are shown as your daily yield and pending rewards.',
      'A 24-hour window after staking protects the pool from hit-and-run deposits.',
      'Higher APY tiers and a tax-free pass reward long-term holders.',
      'The pool is a smart contract on the Supra chain: no custodian holds your tokens.',
    ],
  },
  games: {
    type: 'games',
    title: 'Games',
    summary: 'On-chain games whose every result is public on the chain.',
    tone: 'pink',
    icon: <SlotIcon size={26} />,
    body:
      'FRUIT SPIN FRENZY is a three-reel slot that runs entirely on the Supra chain. Outcomes are settled by the contract ' +
      'and recorded in each transaction, so anyone can verify every spin.',
    points: [
      'Bet with SUPRA, LUCKY and a growing list of community tokens.',
      `Up to 1000 spins in a single transaction, with prizes from ${SLOT_ODDS.lowestPrize} up to ${SLOT_ODDS.topPrize}.`,
      'A small development fee on each bet: How Fair Is This? shows where it goes, measured on chain.',
      'More games are on the way, starting with Cosmic Miners.',
    ],
  },
  trading: {
    type: 'trading',
    title: 'Trading',
    summary: 'Trade LUCKY on Dexlyn or swap right here in the app.',
    tone: 'cyan',
    icon: <ChartIcon size={26} />,
    body:
      'LUCKY trades against SUPRA on Dexlyn, the Supra decentralised exchange. The in-app swap talks to the same pools, ' +
      'so you get the same price without leaving LuckyCoin.',
    points: [
      claim('eco-trading-sells').text,
      'Swaps are protected by a 5% slippage limit: you never receive less than the minimum shown.',
      'Live price, market cap and liquidity on the Stats dashboard.',
      'Every trade is a wallet-signed transaction: your keys never leave your wallet.',
    ],
  },
  buyBot: {
    type: 'buyBot',
    title: 'Buy Bot',
    summary: 'Real-time buy alerts for your Telegram group.',
    tone: 'green',
    icon: <CoinsIcon size={26} />,
    body:
      'The Buy Bot watches the chain for purchases of your token and posts each one to your Telegram group within ' +
      'seconds, with the amount, the value and a link to the transaction.',
    points: [
      'Works with SUPRA-paired tokens such as LUCKY, DAWGZ, ROBBIE and SPIKE.',
      'Custom image, emoji and minimum buy size per group.',
      'Optional clean-up of the previous alert to keep chats tidy.',
    ],
  },
  slotsBot: {
    type: 'slotsBot',
    title: 'Slots Bot',
    summary: 'Live slot spins and big wins, streamed to Telegram.',
    tone: 'violet',
    icon: <BotIcon size={26} />,
    body:
      'The Slots Bot streams FRUIT SPIN FRENZY results to the community chat as they land on chain: every jackpot, ' +
      'every streak, every prize.',
    points: [
      'See wins as they happen, with the tier, the symbols and the prize.',
      'Follow one token or the whole casino.',
      'A live proof that the games are played on chain, spin by spin.',
    ],
  },
};

export const ecosystemOrder: EcosystemType[] = ['staking', 'games', 'trading', 'buyBot', 'slotsBot'];

export const toneText: Record<EcosystemEntry['tone'], string> = {
  pink: 'text-neon-pink border-neon-pink/50 bg-neon-pink/10',
  cyan: 'text-neon-cyan border-neon-cyan/50 bg-neon-cyan/10',
  gold: 'text-neon-gold border-neon-gold/50 bg-neon-gold/10',
  green: 'text-neon-green border-neon-green/50 bg-neon-green/10',
  violet: 'text-neon-violet border-neon-violet/50 bg-neon-violet/10',
};

/**
 * The info modal for one ecosystem card, closed by its Close button (and Escape / backdrop).
 * `extra` is live content a feature adds under the text (the landing page's staking figures).
 */
export function EcosystemModal({ type, onClose, extra }: { type: EcosystemType | null; onClose: () => void; extra?: ReactNode }) {
  const entry = type ? ecosystem[type] : null;
  return (
    <Modal
      open={entry !== null}
      onClose={onClose}
      title={entry?.title ?? ''}
      showCloseIcon={false}
      headerStart={
        entry && (
          <span className={`inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-xl border ${toneText[entry.tone]}`}>
            {entry.icon}
          </span>
        )
      }
      footer={
        <Button variant="primary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {entry && (
        <>
          <p className="text-white/90">{entry.body}</p>
          <ul className="mt-4 space-y-2">
            {entry.points.map((p) => (
              <li key={p} className="flex gap-2">
                <span aria-hidden="true" className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-neon-cyan" />
                <span>{p}</span>
              </li>
            ))}
          </ul>
          {extra}
        </>
      )}
    </Modal>
  );
}
