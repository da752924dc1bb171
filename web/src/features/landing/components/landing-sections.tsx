import { BurnClaims } from '@/features/landing/components/burn-claims';
import { EcosystemSection } from '@/features/landing/components/ecosystem-section';
import { HowItWorks } from '@/features/landing/components/how-it-works';
import { ReadyToJoin } from '@/features/landing/components/ready-to-join';
import { Roadmap } from '@/features/landing/components/roadmap';
import { SlotsSpotlight } from '@/features/landing/components/slots-spotlight';
import { TelegramBotsSection } from '@/features/landing/components/telegram-bots-section';

/** Everything under the hero: it loads after the hero has painted. */
export function LandingSections() {
  return (
    <>
      <EcosystemSection />
      <SlotsSpotlight />
      <TelegramBotsSection />
      <HowItWorks />
      <BurnClaims />
      <Roadmap />
      <ReadyToJoin />
    </>
  );
}
