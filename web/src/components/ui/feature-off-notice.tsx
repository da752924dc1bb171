import { useLocation } from 'react-router';
import { useAppConfig } from '@/lib/config';
import { featureOfRoute } from '@/components/ui/feature-routes';

/** The preflight runs every hour on the server; the notice asks again at that pace. */
const RECHECK_MS = 10 * 60 * 1000;

/**
 * A notice above a feature's page when the server switched the feature off (its chain functions
 * differ from what LUCKY expects, GET /api/v1/config's features): the page stays readable, and the
 * server refuses its transactions with the same reason before anything is signed. It reads the
 * server, so render it under a QueryRoot (root-layout loads it with lazyWithQueries).
 */
export function FeatureOffNotice() {
  const { pathname } = useLocation();
  const route = featureOfRoute(pathname);
  const { data } = useAppConfig({ refetchInterval: () => (route ? RECHECK_MS : false) });
  const state = route && data?.features?.[route.feature];
  if (!route || !state || state.on) return null;
  return (
    <div role="status" className="mx-auto mt-4 w-full max-w-6xl px-4 sm:px-6">
      <div className="rounded-2xl border border-neon-gold/50 bg-ink-800/90 p-4 text-sm text-white/85 shadow-[0_0_30px_rgb(255_201_64/0.12)]">
        <p className="font-bold text-neon-gold">{route.label} is switched off for now.</p>
        <p className="mt-1">
          The Supra network does not answer the way LUCKY expects, so no transaction of it is built until it does.
        </p>
        {state.reason && <p className="mt-2 break-words font-mono text-xs text-white/60">{state.reason}</p>}
      </div>
    </div>
  );
}
