import type { ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { Badge } from '@/components/ui/badge';
import { WalletIcon, ArrowRightIcon } from '@/components/ui/icons';
import { BotIcon, ChartIcon, FlameIcon } from '@/components/ui/content-icons';
import { PageFrame } from '@/components/ui/page-frame';
import { paths } from '@/lib/paths';

interface Tool {
  title: string;
  category?: string;
  tags: string[];
  route: string;
  description: string;
  icon: ReactNode;
  accent: string;
}

const tools: Tool[] = [
  {
    title: 'Portfolio',
    tags: ['Finance', 'Essential'],
    route: paths.portfolio,
    description: 'See every token in your wallet valued in SUPRA and USD, sorted and private at a tap.',
    icon: <WalletIcon size={26} />,
    accent: 'text-neon-cyan border-neon-cyan/50 bg-neon-cyan/10',
  },
  {
    title: 'Token Burn',
    tags: ['Utility', 'Advanced'],
    route: paths.burn,
    description: 'Burn meme tokens for good and get a certificate to download and share.',
    icon: <FlameIcon size={26} />,
    accent: 'text-neon-pink border-neon-pink/50 bg-neon-pink/10',
  },
  {
    title: 'Token Index',
    category: 'Data',
    tags: ['Market', 'Analytics'],
    route: paths.tokenIndex,
    description: 'Prices in SUPRA and USD, supply and market cap of Supra community tokens, ranked.',
    icon: <ChartIcon size={26} />,
    accent: 'text-neon-gold border-neon-gold/50 bg-neon-gold/10',
  },
  {
    title: 'Telegram Bots',
    category: 'Notifications',
    tags: ['Bots', 'Blockchain'],
    route: paths.bots,
    description: 'Buy, burn, mint and game alerts for your Telegram group, straight from the chain.',
    icon: <BotIcon size={26} />,
    accent: 'text-neon-green border-neon-green/50 bg-neon-green/10',
  },
];

export function ToolsPage() {
  return (
    <PageFrame title="TOOLS HUB" subtitle="Everything you need to track, manage and show off your Supra tokens.">
      <ul className="grid gap-5 sm:grid-cols-2">
        {tools.map((t) => (
          <li key={t.title}>
            <Link
              to={t.route}
              className="group flex h-full flex-col gap-4 rounded-2xl border border-white/10 bg-ink-800/80 p-6 transition hover:-translate-y-1 hover:border-neon-pink/60 hover:shadow-[0_0_30px_rgb(255_61_200/0.2)]"
            >
              <div className="flex items-start justify-between gap-3">
                <span className={`inline-flex h-12 w-12 items-center justify-center rounded-xl border ${t.accent}`}>{t.icon}</span>
                {t.category && <span className="text-xs font-bold tracking-[0.2em] text-muted uppercase">{t.category}</span>}
              </div>
              <div>
                <h2 className="font-display text-2xl font-black text-white">{t.title}</h2>
                <p className="mt-2 text-sm text-muted">{t.description}</p>
              </div>
              <div className="mt-auto flex items-center justify-between gap-3">
                <div className="flex flex-wrap gap-2">
                  {t.tags.map((tag, i) => (
                    <Badge key={tag} tone={i === 0 ? 'pink' : 'violet'}>
                      {tag}
                    </Badge>
                  ))}
                </div>
                <ArrowRightIcon className="text-neon-cyan transition group-hover:translate-x-1" />
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </PageFrame>
  );
}
