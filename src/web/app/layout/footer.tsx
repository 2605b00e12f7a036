import { useTranslation } from '../../lib/use-translation';
import { Link } from 'react-router';

/** The product's public source repository, opened in a new tab (spec section 1). */
export const sourceRepositoryUrl = 'https://github.com/padma-bank/online-banking';

const groups = [
  {
    heading: 'footer.termsShortcuts',
    links: [
      ['/terms&Conditions', 'footer.terms'],
      ['/faq', 'footer.faq'],
      ['/accessibility', 'footer.accessibility'],
    ],
  },
  {
    heading: 'footer.privacyShortcuts',
    links: [
      ['/privacy', 'footer.privacy'],
      ['/legalInformation', 'footer.legalInformation'],
      ['/securityInformation', 'footer.securityInformation'],
    ],
  },
  {
    heading: 'footer.aboutAll',
    links: [
      ['/careers', 'footer.careers'],
      ['/customerReviews', 'footer.customerReviews'],
      ['/aboutus', 'footer.aboutUs'],
    ],
  },
  { heading: 'footer.resources', links: [['/contactus', 'footer.contactUs']] },
] as const;

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="mt-16 border-t border-base-300 bg-neutral text-neutral-content">
      <div className="mx-auto grid max-w-6xl gap-8 px-6 py-10 sm:grid-cols-2 lg:grid-cols-5">
        <div className="flex flex-col gap-3">
          <Link to="/" className="flex items-center gap-2">
            <img src="/logo.svg" alt={t('brand.logoAlt')} className="h-10 w-10" width="40" height="40" />
            <span className="text-lg font-bold">{t('brand.name')}</span>
          </Link>
          <p className="text-sm opacity-80">{t('brand.tagline')}</p>
        </div>
        {groups.map((group) => (
          <nav key={group.heading} aria-label={t(group.heading)} className="flex flex-col gap-2">
            <h2 className="footer-title mb-1 text-sm opacity-70">{t(group.heading)}</h2>
            {group.links.map(([to, label]) => (
              <Link key={to} to={to} className="link-hover link text-sm">
                {t(label)}
              </Link>
            ))}
            {group.heading === 'footer.resources' ? (
              <a href={sourceRepositoryUrl} target="_blank" rel="noopener noreferrer" className="link-hover link text-sm">
                {t('footer.sourceCode')} <span className="sr-only">({t('footer.sourceCodeHint')})</span>
                <span aria-hidden="true"> ↗</span>
              </a>
            ) : null}
          </nav>
        ))}
      </div>
      <div className="border-t border-neutral-content/15 py-4 text-center text-sm opacity-80" data-testid="footer-copyright">
        {t('footer.copyright', { year: new Date().getFullYear() })}
      </div>
    </footer>
  );
}
