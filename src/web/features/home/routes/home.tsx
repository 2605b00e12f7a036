import { lazy, Suspense, useRef, type RefObject } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useIdleAfterFirstPaint } from '../../../lib/use-idle-after-first-paint';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { AccountTypesSection } from '../components/account-types-section';
import { PaymentCarousel } from '../components/payment-carousel';
import { SectionHeading } from '../components/section-heading';
import { TeamSection } from '../components/team-section';
import { topicIcons, TopicSection } from '../components/topic-section';
import { WelcomeBanner } from '../components/welcome-banner';
import { WhatsNew } from '../components/whats-new';

// The calculator is the only form on the page, far below the first screen: its form library and
// validation (about a fifth of what the page would otherwise download) load when the person
// scrolls towards it, so a visit that never gets that far does not pay for them.
const TaxCalculator = lazy(() => import('../components/tax-calculator').then((module) => ({ default: module.TaxCalculator })));

/** The calculator's heading, and a card about as tall as the calculator at each width, while it loads. */
function TaxCalculatorPlaceholder({ sectionRef }: { sectionRef?: RefObject<HTMLElement | null> }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="home-tax" ref={sectionRef}>
      <SectionHeading id="home-tax" title={t('tax.title')} intro={t('tax.intro')} />
      <div className="card min-h-[45rem] border border-base-300 bg-base-100 shadow-sm sm:min-h-[39rem] md:min-h-[22rem]" />
    </section>
  );
}

/** The placeholder until the person scrolls near it, then the calculator (the placeholder again while its code loads). */
function TaxCalculatorWhenNear() {
  const placeholderRef = useRef<HTMLElement>(null);
  const near = useNearViewport(placeholderRef);
  if (!near) return <TaxCalculatorPlaceholder sectionRef={placeholderRef} />;
  return (
    <Suspense fallback={<TaxCalculatorPlaceholder />}>
      <TaxCalculator />
    </Suspense>
  );
}

/** Everything below the first screen, a phone's and a desktop's alike. */
function BelowTheFirstScreen() {
  const { t } = useTranslation();
  return (
    <>
      <section aria-labelledby="home-payments">
        <SectionHeading id="home-payments" title={t('home2.paymentsTitle')} intro={t('home2.paymentsIntro')} />
        <PaymentCarousel />
      </section>
      <WhatsNew />
      <TaxCalculatorWhenNear />
      <TopicSection
        id="home-planning"
        titleKey="home2.planningTitle"
        introKey="home2.planningIntro"
        topicsKey="home2.planning"
        icons={[topicIcons.retirement, topicIcons.investment, topicIcons.tax]}
        tone="primary"
      />
      <TopicSection id="home-security" titleKey="home2.securityTitle" introKey="home2.securityIntro" topicsKey="home2.security" icons={[topicIcons.shield, topicIcons.lock]} tone="secondary" />
      <TopicSection
        id="home-education"
        titleKey="home2.educationTitle"
        introKey="home2.educationIntro"
        topicsKey="home2.education"
        icons={[topicIcons.savings, topicIcons.chart, topicIcons.document]}
        tone="accent"
      />
      <TeamSection />
    </>
  );
}

export default function HomePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('home2.documentTitle'));
  // The sections below the first screen wait for its first paint (they are out of sight, so
  // nothing visible moves when they arrive; the main area is at least a screen tall already).
  const firstScreenPainted = useIdleAfterFirstPaint();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-16">
      <WelcomeBanner />
      <AccountTypesSection />
      {firstScreenPainted ? <BelowTheFirstScreen /> : null}
    </div>
  );
}
