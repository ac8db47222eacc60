import { PublicLayout } from '@/components/layout';
import { About, CallToAction } from '../components/AboutAndCta';
import { Benefits } from '../components/Benefits';
import { FeatureAccordion } from '../components/FeatureAccordion';
import { Hero } from '../components/Hero';

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
