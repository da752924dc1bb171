import { lazy, Suspense } from 'react';
import { Link } from '@/components/ui/link';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { WarningIcon } from '@/components/ui/content-icons';
import { Boosters } from './components/boosters';
import { Fleet } from './components/fleet';
import { PendingCard } from './components/pending-card';
import { PowerCard } from './components/power-card';
import { Referral } from './components/referral';
import { RigCatalogue } from './components/rig-catalogue';
import { StatCards } from './components/stat-cards';
import { useMinerz } from './hooks/use-minerz';
import { fmt2Grouped } from '@/lib/amounts';
import { MINE_DECIMALS, MSG_DEMO, MSG_LOAD_ERROR } from './utils/game';

// The confirm step (with its dialog and the network fee) loads when Launch Rig or Claim first opens
// it, not with the page.
const ConfirmAction = lazy(() => import('./components/confirm-action').then((m) => ({ default: m.ConfirmAction })));

/**
 * The game under the page's heading (minerz-page.tsx): the wallet's stash, output and crew, the rig
 * catalogue and fleet, boosters and referral, from the devnet's cosmic_miners module, or the demo data
 * where the network has no game.
 */
export function MinerzContent() {
  const g = useMinerz();
  const v = g.view;
  const anyBusy = g.busy !== null;
  const connected = g.address !== null;
  return (
    <>
      {!g.demo && !connected && (
        <div className="-mt-2 mb-8 flex justify-center">
          <Button data-testid="minerz-connect" onClick={() => void g.connect()} disabled={g.walletStatus === 'connecting'}>
            Connect Wallet
          </Button>
        </div>
      )}

      {g.demo && (
        <div role="note" data-testid="demo-banner" className="mb-6 flex items-start gap-3 rounded-2xl border border-neon-gold/60 bg-neon-gold/10 p-4 text-neon-gold">
          <WarningIcon size={22} />
          <div>
            <p className="font-bold">{MSG_DEMO}.</p>
            <p className="text-sm text-white/80">
              Figures below are the game's sample data. Nothing you press here sends a transaction.
            </p>
          </div>
        </div>
      )}
      {g.loadError && (
        <p role="alert" className="mb-6 rounded-2xl border border-red-400/60 bg-red-500/10 p-4 font-bold text-red-300">
          {MSG_LOAD_ERROR}
        </p>
      )}
      {g.referrer && !g.demo && (
        <p className="mb-6 text-center text-sm text-muted">
          Recruited by <span className="font-mono text-white/90">{g.referrer.slice(0, 6)}…{g.referrer.slice(-4)}</span>: they earn 5% of
          your first rig.
        </p>
      )}

      <div className="space-y-6">
        <StatCards loading={g.loading} balance={v?.balance ?? null} dailyOutput={v?.dailyOutput ?? 0n} crewSize={v?.crewSize ?? 0n} />
        {v && !g.demo && connected && v.balance === 0n && (
          <p role="note" data-testid="no-mine" className="rounded-2xl border border-neon-cyan/40 bg-neon-cyan/5 p-4 text-sm text-white/85">
            You have no MINE yet, and rigs are paid in MINE.{' '}
            {v.starterGrant !== null ? (
              <>
                Every new wallet can claim a starter stash once, enough for a first Nano Rig.{' '}
                <Button size="sm" className="mt-2" data-testid="claim-starter" disabled={anyBusy} onClick={() => g.starter(v.starterGrant!)}>
                  Claim {fmt2Grouped(v.starterGrant, MINE_DECIMALS)} starter MINE
                </Button>
              </>
            ) : g.mineOnSwap ? (
              <>
                Get some on{' '}
                <Link to={paths.swap} className="font-bold text-neon-cyan underline">
                  Swap
                </Link>
                .
              </>
            ) : (
              'MINE has no pool on the exchange on this network, so it cannot be bought on Swap: it has to be sent to your wallet by another player.'
            )}
          </p>
        )}
        {v && !g.demo && connected && (
          <PendingCard
            pending={v.pending}
            dailyOutput={v.dailyOutput}
            readAt={g.readAt}
            canClaim={v.pending > 0n || v.dailyOutput > 0n}
            claiming={g.busy?.kind === 'claim'}
            disabled={anyBusy || g.loading}
            onClaim={g.claim}
          />
        )}
        <div className="grid gap-6 lg:grid-cols-2">
          <PowerCard units={v?.powerUnits ?? 0n} boost={v?.boostPercent ?? 0n} />
          <Boosters boosters={v?.boosters ?? []} />
        </div>
        {g.referralLink && <Referral link={g.referralLink} onCopy={() => void g.copyReferral()} />}
        <RigCatalogue
          rigs={v?.catalogue ?? []}
          balance={v?.balance ?? null}
          loading={g.loading}
          busy={anyBusy}
          buyingId={g.busy?.kind === 'buy' ? g.busy.rigId : null}
          onLaunch={g.purchase}
        />
        <Fleet fleet={v?.fleet ?? []} loading={g.loading} />
      </div>
      {g.opened > 0 && (
        <Suspense fallback={null}>
          <ConfirmAction key={g.opened} action={g.confirming} fee={g.fee} phase={g.phase} onCancel={g.cancel} onConfirm={g.confirm} />
        </Suspense>
      )}
    </>
  );
}
