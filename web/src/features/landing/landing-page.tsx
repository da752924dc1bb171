import { EcosystemSection } from '@/features/landing/components/ecosystem-section';
import { Hero } from '@/features/landing/components/hero';
import { HowItWorks } from '@/features/landing/components/how-it-works';
import { ReadyToJoin } from '@/features/landing/components/ready-to-join';
import { Roadmap } from '@/features/landing/components/roadmap';
import { SlotsSpotlight } from '@/features/landing/components/slots-spotlight';
import { TelegramBotsSection } from '@/features/landing/components/telegram-bots-section';
import { useDocumentTitle } from '@/lib/use-document-title';

export function LandingPage() {
  useDocumentTitle('LUCKY on Supra');
  return (
    <>
      <Hero />
      <EcosystemSection />
      <SlotsSpotlight />
      <TelegramBotsSection />
      <HowItWorks />
      <Roadmap />
      <ReadyToJoin />
    </>
  );
}
