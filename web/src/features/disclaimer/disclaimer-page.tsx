import { WarningIcon } from '@/components/ui/content-icons';
import { PageFrame } from '@/components/ui/page-frame';

const statements = [
  {
    title: 'High Risk',
    text: 'Cryptocurrencies and meme tokens such as LUCKY are highly speculative. Only use money you can afford to lose entirely.',
  },
  {
    title: 'No Guaranteed Returns',
    text: 'Nothing on this site promises profit. Staking rewards, game prizes and token prices can all go to zero.',
  },
  {
    title: 'Price Volatility',
    text: 'The price of LUCKY and of every token on the Supra chain can rise or fall sharply within minutes, driven by thin liquidity and market sentiment.',
  },
  {
    title: 'Gaming Risks',
    text: 'Games of chance involve the risk of losing your bet. Results are random; past wins say nothing about future spins. Play responsibly and set yourself limits.',
  },
  {
    title: 'Token Burning',
    text: '100% of LUCKY tokens sold on the exchange are burned, and some tokens used in games are burned as well. Burned tokens are destroyed permanently and cannot be recovered.',
  },
  {
    title: 'Immutable Transactions',
    text: 'Blockchain transactions are final. Once confirmed, a bet, swap, burn or transfer cannot be reversed, and there are no refunds.',
  },
  {
    title: 'Wallet Security',
    text: 'You alone control your wallet and its recovery phrase. Never share it. We will never ask for it, and lost keys mean lost funds.',
  },
  {
    title: 'Legal Compliance',
    text: 'Crypto assets and online gaming are restricted in some jurisdictions. You are responsible for making sure your use of this site is legal where you live.',
  },
  {
    title: 'No Financial Advice',
    text: 'Everything here is for information and entertainment only. It is not financial, investment, legal or tax advice. Do your own research.',
  },
];

export function DisclaimerPage() {
  return (
    <PageFrame
      title="Risk Disclaimer"
      documentTitle="Disclaimer"
      subtitle="Please read these statements carefully before you buy, stake, trade or play with LUCKY."
    >
      <ol className="mx-auto grid max-w-4xl gap-4 md:grid-cols-2">
        {statements.map((s, i) => (
          <li key={s.title} className="rounded-2xl border border-white/10 bg-ink-800/80 p-5">
            <h2 className="flex items-center gap-3 font-display text-lg font-extrabold text-white">
              <span className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-lg border border-neon-gold/50 bg-neon-gold/10 text-neon-gold">
                <WarningIcon size={16} />
              </span>
              <span>
                <span className="sr-only">{i + 1}. </span>
                {s.title}
              </span>
            </h2>
            <p className="mt-3 text-sm text-muted">{s.text}</p>
          </li>
        ))}
      </ol>
      <p className="mx-auto mt-10 max-w-3xl text-center text-sm text-muted">
        By using LuckyCoin you confirm that you have read and understood these risks and that you act at your own
        responsibility.
      </p>
    </PageFrame>
  );
}
