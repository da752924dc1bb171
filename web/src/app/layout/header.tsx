import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Link, NavLink } from '@/components/ui/link';
import { SocialLinks } from '@/app/layout/social-links';
import { SoundToggle } from '@/app/layout/sound-toggle';
import { LuckyLogo } from '@/components/brand/lucky-logo';
import { CloseIcon, MenuIcon } from '@/components/ui/icons';
import { ConnectWalletButton } from '@/features/wallet/components/connect-wallet-button';
import { navLinks } from '@/lib/paths';
import { APP_NAME } from '@/lib/use-document-title';

const desktopLink = ({ isActive }: { isActive: boolean }) =>
  `relative rounded-lg px-3 py-2 text-sm font-extrabold tracking-[0.14em] transition ${
    isActive ? 'text-neon-gold text-glow' : 'text-white/85 hover:text-neon-cyan'
  }`;

const mobileLink = ({ isActive }: { isActive: boolean }) =>
  `block rounded-xl px-4 py-3 text-base font-extrabold tracking-[0.14em] transition ${
    isActive ? 'bg-neon-pink/15 text-neon-gold' : 'text-white hover:bg-white/5'
  }`;

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // Close the mobile menu on navigation.
  useEffect(() => setMenuOpen(false), [location.pathname]);

  // Close it on a click or tap outside the menu and its toggle, and on Escape.
  useEffect(() => {
    if (!menuOpen) return;
    const onPointer = (e: PointerEvent) => {
      const t = e.target as Node;
      if (menuRef.current?.contains(t) || toggleRef.current?.contains(t)) return;
      setMenuOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-white/10 bg-ink-900/85 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">
        <Link to="/" aria-label={`${APP_NAME} home`} className="flex shrink-0 items-center gap-2.5 rounded-xl">
          <LuckyLogo size={40} />
          <span className="hidden font-display text-lg font-black tracking-[0.12em] text-white sm:inline">
            LUCKY<span className="text-neon-gold">COIN</span>
          </span>
        </Link>

        <nav aria-label="Main" className="mx-auto hidden lg:block">
          <ul className="flex items-center gap-1">
            {navLinks.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end={l.to === '/'} className={desktopLink}>
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-2 lg:ml-0">
          <SocialLinks className="hidden md:flex" />
          <SoundToggle />
          <ConnectWalletButton />
          <button
            ref={toggleRef}
            type="button"
            className="inline-flex h-10 w-10 items-center justify-center rounded-xl border border-white/15 text-white lg:hidden"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((o) => !o)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>

      <div
        ref={menuRef}
        id="mobile-menu"
        hidden={!menuOpen}
        className="border-t border-white/10 bg-ink-900/95 px-4 pt-2 pb-5 backdrop-blur-md lg:hidden"
      >
        <nav aria-label="Mobile">
          <ul className="flex flex-col gap-1">
            {navLinks.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end={l.to === '/'} className={mobileLink}>
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <SocialLinks className="mt-4 px-4 md:hidden" />
      </div>
    </header>
  );
}
