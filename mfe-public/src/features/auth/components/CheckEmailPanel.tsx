import { DEFAULT_PATH } from '@stockwise/shared';
import { useT } from '../i18n';
import { useReturnPath } from '../hooks/useThirdPartyFinish';
import { DonePanel } from './DonePanel';

/**
 * A registration that must verify its email: the server's message (where the link went), and on
 * to sign in — which still returns to the page that sent the visitor here (a purchase, a deep link).
 */
export function CheckEmailPanel({ message, email }: { message?: string | undefined; email: string }) {
  const { t } = useT();
  const returnPath = useReturnPath();
  return (
    <DonePanel
      title={t('auth.register.checkEmail')}
      message={message || t('auth.register.checkEmailBody', { email })}
      action={t('auth.register.toSignIn')}
      to="/login"
      {...(returnPath === DEFAULT_PATH ? {} : { state: { from: returnPath } })}
    />
  );
}
