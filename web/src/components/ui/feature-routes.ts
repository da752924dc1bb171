import { paths } from '@/lib/paths';
import type { AppConfig } from '@/types/api';

export type FeatureName = keyof AppConfig['features'];

/** A feature the server's preflight can switch off, the routes that use it, and how people call it. */
export interface FeatureRoute {
  feature: FeatureName;
  label: string;
  match: (pathname: string) => boolean;
}

const featureRoutes: FeatureRoute[] = [
  { feature: 'slots', label: 'The slot game', match: (p) => p === paths.slots || (p.startsWith(`${paths.slots}/`) && p !== paths.slotsFair) },
  { feature: 'swap', label: 'Swapping', match: (p) => p === paths.swap },
  { feature: 'burn', label: 'Burning', match: (p) => p === paths.burn },
  { feature: 'staking', label: 'Staking', match: (p) => p === paths.staking || p === paths.earn },
  { feature: 'miners', label: 'Cosmic Miners', match: (p) => p === paths.minerz },
];

/** The feature a page uses, or undefined: kept apart from the notice so a first paint need not load React Query. */
export function featureOfRoute(pathname: string): FeatureRoute | undefined {
  return featureRoutes.find((r) => r.match(pathname));
}
