import { PolicyClaim } from '@/components/claims/policy-claim';
import { Link } from '@/components/ui/link';
import { LuckyLogo } from '@/components/brand/lucky-logo';
import { externalLinkProps, links } from '@/lib/links';
import { paths } from '@/lib/paths';

const footLink = 'rounded text-sm text-muted transition hover:text-neon-cyan';

export function Footer() {
  return (
    <footer className="mt-16 border-t border-white/10 bg-ink-950/70">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-[1.4fr_1fr_1fr]">
        <div>
          <div className="flex items-center gap-2.5">
            <LuckyLogo size={36} />
            <span className="font-display text-lg font-black tracking-[0.12em]">
              LUCKY<span className="text-neon-gold">COIN</span>
            </span>
          </div>
          <p className="mt-3 max-w-sm text-sm text-muted">
            The community token of the Supra L1: on-chain games, trading and tools.{' '}
            <PolicyClaim id="footer-burn" />{' '}
            <Link className="text-neon-cyan underline underline-offset-2" to={paths.stats}>
              Burn figures
            </Link>
          </p>
        </div>
        <nav aria-label="Footer">
          <h2 className="text-xs font-bold tracking-[0.2em] text-white/70 uppercase">Explore</h2>
          <ul className="mt-3 space-y-2">
            <li><Link className={footLink} to={paths.play}>Games</Link></li>
            <li><Link className={footLink} to={paths.tools}>Tools</Link></li>
            <li><Link className={footLink} to={paths.bots}>Telegram Bots</Link></li>
            <li><Link className={footLink} to={paths.whitepaper}>Whitepaper</Link></li>
          </ul>
        </nav>
        <div>
          <h2 className="text-xs font-bold tracking-[0.2em] text-white/70 uppercase">Legal & Community</h2>
          <ul className="mt-3 space-y-2">
            <li><a className={footLink} href="#terms">Terms</a></li>
            <li><a className={footLink} href="#privacy">Privacy</a></li>
            <li><Link className={footLink} to={paths.disclaimer}>Disclaimer</Link></li>
            <li><a className={footLink} href={links.telegram} {...externalLinkProps}>Telegram</a></li>
            <li><a className={footLink} href={links.x} {...externalLinkProps}>X (Twitter)</a></li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/5 px-4 py-5 text-center text-xs text-muted">
        © {new Date().getFullYear()} LuckyCoin. All rights reserved. Crypto assets are volatile: play and trade responsibly.
      </div>
    </footer>
  );
}
