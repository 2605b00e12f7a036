import { useTranslation } from '../../../lib/use-translation';
import { translatedList } from '../../../lib/translated-list';
import { SectionHeading } from './section-heading';

type Member = { id: string; name: string; role: string; bio: string };

/** Public profiles of the team; texts about each person are in the catalogue under `team.members`. */
const profiles: Record<string, { github: string; linkedin: string; tone: string }> = {
  tahmid: { github: 'https://github.com/padmabank-tahmid', linkedin: 'https://www.linkedin.com/in/padmabank-tahmid-rahman', tone: 'bg-primary text-primary-content' },
  nusrat: { github: 'https://github.com/padmabank-nusrat', linkedin: 'https://www.linkedin.com/in/padmabank-nusrat-jahan', tone: 'bg-secondary text-secondary-content' },
  arif: { github: 'https://github.com/padmabank-arif', linkedin: 'https://www.linkedin.com/in/padmabank-arif-hossain', tone: 'bg-neutral text-neutral-content' },
  sadia: { github: 'https://github.com/padmabank-sadia', linkedin: 'https://www.linkedin.com/in/padmabank-sadia-afrin', tone: 'bg-accent text-accent-content' },
};

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

const siteIcons = {
  // A generic code mark and a generic briefcase: no third-party logos are shipped.
  github: 'M8 7 3 12l5 5m8-10 5 5-5 5M14 4l-4 16',
  linkedin: 'M4 8h16v11H4V8Zm5 0V5h6v3m-11 5h16',
} as const;

function ProfileLink({ href, site, name }: { href: string; site: 'github' | 'linkedin'; name: string }) {
  const { t } = useTranslation();
  const siteName = t(`team.${site}`);
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="btn btn-outline btn-sm gap-1.5">
      <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d={siteIcons[site]} />
      </svg>
      <span aria-hidden="true">{siteName}</span>
      <span className="sr-only">
        {t('team.profileOn', { name, site: siteName })} ({t('team.opensInNewTab')})
      </span>
    </a>
  );
}

export function TeamSection() {
  const { t } = useTranslation();
  const members = translatedList<Member>(t, 'team.members');
  return (
    <section aria-labelledby="home-team">
      <SectionHeading id="home-team" title={t('team.title')} intro={t('team.intro')} />
      <ul className="grid gap-4 md:grid-cols-2">
        {members.map((member) => {
          const profile = profiles[member.id];
          return (
            <li key={member.id} className="card border border-base-300 bg-base-100 shadow-sm">
              <div className="card-body flex-row items-start gap-4 p-5 sm:p-6">
                <span
                  className={`flex h-16 w-16 shrink-0 items-center justify-center rounded-full text-xl font-bold ring-4 ring-base-200 ${profile?.tone ?? 'bg-primary text-primary-content'}`}
                  aria-hidden="true"
                >
                  {initials(member.name)}
                </span>
                <div className="flex min-w-0 flex-col gap-2">
                  <div>
                    <h3 className="text-lg font-bold">{member.name}</h3>
                    <p className="text-sm font-medium text-primary">{member.role}</p>
                  </div>
                  <p className="text-sm leading-relaxed text-base-content/75">{member.bio}</p>
                  {profile ? (
                    <div className="mt-1 flex flex-wrap gap-2">
                      <ProfileLink href={profile.github} site="github" name={member.name} />
                      <ProfileLink href={profile.linkedin} site="linkedin" name={member.name} />
                    </div>
                  ) : null}
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
