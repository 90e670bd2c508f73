import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-admin';
import { TOKEN_KEY } from '../api-client';

/** /auth/complete#token=...: the end of standalone OAuth; the token never reaches a server log. */
export function AuthComplete() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
    window.history.replaceState(null, '', window.location.pathname);
    if (!token) {
      navigate('/auth/login');
      return;
    }
    localStorage.setItem(TOKEN_KEY, token);
    // `launch`: the home page may send a new shop on to its onboarding (the dashboard plugin decides).
    queryClient.resetQueries({ queryKey: ['auth'] }).then(() => navigate('/', { state: { launch: true } }));
  }, [navigate, queryClient]);
  return null;
}
