import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { freeTextLengthMax } from '../../../../shared/constants';
import type { ContactMessage, ContactMessageInput } from '../../../../shared/schemas/contact';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { errorMessage } from '../../../lib/error-message';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSendContactMessage } from '../api/send-contact-message';

const fieldNames = ['fullName', 'email', 'contact', 'message'] as const;
type FieldName = (typeof fieldNames)[number];
const isFieldName = (name: string): name is FieldName => (fieldNames as readonly string[]).includes(name);
const emptyForm: ContactMessageInput = { fullName: '', email: '', contact: '', message: '' };
const resolver = lazyZodResolver(() => import('../../../../shared/schemas/contact').then((module) => module.contactMessageSchema));

function AsideItem({ title, body, icon }: { title: string; body: string; icon: string }) {
  return (
    <li className="flex gap-3">
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary" aria-hidden="true">
        <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
          <path d={icon} />
        </svg>
      </span>
      <span>
        <span className="block font-semibold">{title}</span>
        <span className="block text-sm leading-relaxed text-base-content/75">{body}</span>
      </span>
    </li>
  );
}

export default function ContactUsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('contact.documentTitle'));
  const send = useSendContactMessage();
  const form = useForm<ContactMessageInput, unknown, ContactMessage>({ resolver, defaultValues: emptyForm });
  const { errors, isSubmitting } = form.formState;
  const messageLength = form.watch('message').length;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      toast.success(t('contact.sent'));
      form.reset(emptyForm);
    } catch (error) {
      if (error instanceof ApiError && error.status > 0) {
        for (const [field, message] of Object.entries(error.fields)) {
          if (isFieldName(field)) form.setError(field, { message });
        }
        toast.error(t('contact.failed', { reason: errorMessage(error, t) }));
      } else {
        toast.error(t('contact.networkError'));
      }
    }
  });

  const field = (name: FieldName) => ({ id: `contact-${name}`, error: errors[name]?.message });

  return (
    <section className="mx-auto flex max-w-5xl flex-col gap-8">
      <header>
        <h1 className="text-3xl font-bold text-primary sm:text-4xl">{t('contact.title')}</h1>
        <p className="mt-2 max-w-2xl text-lg text-base-content/80">{t('contact.intro')}</p>
      </header>
      <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
        <div className="card border border-base-300 bg-base-100 shadow-sm">
          <form className="card-body gap-4" onSubmit={onSubmit} noValidate>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField {...field('fullName')} label={t('contact.fullName')}>
                <input className="input w-full" autoComplete="name" {...describedBy('contact-fullName', errors.fullName?.message)} {...form.register('fullName')} />
              </FormField>
              <FormField {...field('email')} label={t('contact.email')}>
                <input className="input w-full" type="email" autoComplete="email" {...describedBy('contact-email', errors.email?.message)} {...form.register('email')} />
              </FormField>
            </div>
            <FormField {...field('contact')} label={t('contact.contact')} hint={t('contact.contactHint')}>
              <input
                className="input w-full"
                type="tel"
                autoComplete="tel"
                placeholder={t('contact.contactPlaceholder')}
                {...describedBy('contact-contact', errors.contact?.message, t('contact.contactHint'))}
                {...form.register('contact')}
              />
            </FormField>
            <FormField {...field('message')} label={t('contact.message')}>
              <textarea className="textarea h-40 w-full" maxLength={freeTextLengthMax} {...describedBy('contact-message', errors.message?.message)} {...form.register('message')} />
            </FormField>
            <p className="-mt-2 text-right text-xs text-base-content/80" aria-live="polite">
              {t('contact.messageCount', { count: messageLength, max: freeTextLengthMax })}
            </p>
            <button type="submit" className="btn btn-primary sm:self-start" disabled={isSubmitting}>
              {isSubmitting ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
              {isSubmitting ? t('contact.sending') : t('contact.send')}
            </button>
          </form>
        </div>
        <aside aria-labelledby="contact-aside" className="rounded-box bg-base-200 p-6">
          <h2 id="contact-aside" className="text-lg font-bold">
            {t('contact.asideTitle')}
          </h2>
          <ul className="mt-4 flex flex-col gap-5">
            <AsideItem title={t('contact.replyTitle')} body={t('contact.replyBody')} icon="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 4v5l3 2" />
            <AsideItem title={t('contact.urgentTitle')} body={t('contact.urgentBody')} icon="M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7Zm0 3h18M7 15h4" />
            <AsideItem title={t('contact.safetyTitle')} body={t('contact.safetyBody')} icon="M12 3l7 3v6c0 4.5-3 7.5-7 9-4-1.5-7-4.5-7-9V6l7-3Zm-3 9 2 2 4-4" />
          </ul>
        </aside>
      </div>
    </section>
  );
}
