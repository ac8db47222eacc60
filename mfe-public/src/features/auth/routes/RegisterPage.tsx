import { useLocation, useSearchParams } from 'react-router-dom';
import type { ThirdPartyReturnState } from '../hooks/useThirdPartyFinish';
import { InvitationRegistration } from './InvitationRegistration';
import { RegisterCompanyForm } from './RegisterCompanyForm';

/** The query parameters that carry an invitation: with one, /register is another page. */
export const INVITATION_PARAMS = ['invitationId', 'invitation'] as const;

/** /register: by invitation when the link carries one (?invitationId=…), else a new company. */
export function RegisterPage() {
  const [params] = useSearchParams();
  const state = useLocation().state as ThirdPartyReturnState | null;
  const invitationId = INVITATION_PARAMS.map((name) => params.get(name)).find(Boolean);
  if (invitationId) return <InvitationRegistration invitationId={invitationId} failure={state?.thirdPartyFailure} />;
  return (
    <RegisterCompanyForm
      key={state?.googleIdToken ?? 'password'}
      {...(state?.googleIdToken ? { googleIdToken: state.googleIdToken } : {})}
      failure={state?.thirdPartyFailure}
    />
  );
}
