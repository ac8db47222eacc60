import { PublicLayout } from '../../layout';
import { About, CallToAction } from './AboutAndCta';
import { Benefits } from './Benefits';
import { FeatureAccordion } from './FeatureAccordion';
import { Hero } from './Hero';

/** Spec §2's landing page: hero, benefit tiles, feature accordion, about, call to action, footer. */
export function LandingPage() {
  return (
    <PublicLayout>
      <Hero />
      <Benefits />
      <FeatureAccordion />
      <About />
      <CallToAction />
    </PublicLayout>
  );
}
