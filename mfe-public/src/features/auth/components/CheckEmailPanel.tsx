import { useTranslation } from '@stockwise/shared';
import { NS } from '../../../i18n';
import { DonePanel } from './DonePanel';

/** A registration that must verify its email: the server's message (where the link went), and on to sign in. */
export function CheckEmailPanel({ message, email }: { message?: string | undefined; email: string }) {
  const { t } = useTranslation(NS);
  return (
    <DonePanel
      title={t('auth.register.checkEmail')}
      message={message || t('auth.register.checkEmailBody', { email })}
      action={t('auth.register.toSignIn')}
      to="/login"
    />
  );
}
