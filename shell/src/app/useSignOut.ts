import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { auth } from '@stockwise/shared';

/**
 * Spec §2's Logout, wherever the shell offers it (the account menu, a sign-in step): the session
 * ends, the page forgets what it read, and the browser goes to /.
 */
export function useSignOut(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return () => {
    void auth.logout();
    queryClient.clear();
    navigate('/', { replace: true });
  };
}
