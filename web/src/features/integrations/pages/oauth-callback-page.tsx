import { useQueryClient } from '@tanstack/react-query';
import { ArrowRight, CircleCheck, CircleX, RotateCcw } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { Spinner } from '../../../ui/spinner';
import { integrationKeys } from '../api/integrations';
import { providerName, RETURN_REDIRECT_MS, readOAuthReturn } from '../lib/oauth-return';

/**
 * Where the server sends the browser after a provider's authorization (001 §2): loading while the
 * cached integration data refreshes, then success (moving on after 2 s) or the error with Try Again.
 */
export default function OAuthCallbackPage() {
  const { provider = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const result = useMemo(() => readOAuthReturn(provider, params), [provider, params]);
  const [loaded, setLoaded] = useState(false);
  const name = providerName(provider);

  useEffect(() => {
    let live = true;
    Promise.all([
      queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['account'] }),
      queryClient.invalidateQueries({ queryKey: ['onboarding'] }),
    ]).finally(() => {
      if (live) setLoaded(true);
    });
    return () => {
      live = false;
    };
  }, [queryClient]);

  useEffect(() => {
    if (!loaded || result.state !== 'success') return;
    const timer = setTimeout(() => navigate(result.redirectTo, { replace: true }), RETURN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [loaded, result, navigate]);

  return (
    <div className="mx-auto flex max-w-md flex-col py-6 sm:py-16">
      <Card className="px-6 py-8 text-center sm:px-10" aria-live="polite">
        {!loaded ? (
          <>
            <Spinner size="lg" className="mx-auto" />
            <h1 className="mt-4 text-lg font-semibold text-fg">Finishing {name} authorization...</h1>
          </>
        ) : result.state === 'success' ? (
          <>
            <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-600 dark:bg-emerald-500/10 dark:text-emerald-400">
              <CircleCheck className="size-6" aria-hidden="true" />
            </div>
            <h1 className="mt-4 text-lg font-semibold text-fg">{name} connected</h1>
            <p className="mt-1.5 text-sm text-muted">
              {result.teamName ? (
                <>
                  Overlap can now see <span className="font-medium text-fg">{result.teamName}</span>. The first people
                  appear within a minute.
                </>
              ) : (
                'The first people appear within a minute.'
              )}
            </p>
            <p className="mt-5 text-xs text-muted">Redirecting...</p>
            <Button asChild variant="secondary" size="sm" className="mt-3">
              <Link to={result.redirectTo} replace>
                Continue now
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </>
        ) : (
          <>
            <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600 dark:bg-red-500/10 dark:text-red-400">
              <CircleX className="size-6" aria-hidden="true" />
            </div>
            <h1 className="mt-4 text-lg font-semibold text-fg">Authorization failed</h1>
            <p className="mt-1.5 text-sm text-muted" role="alert">
              {result.message}
            </p>
            <Button asChild variant="primary" className="mt-6">
              <Link to={result.retryTo} replace>
                <RotateCcw aria-hidden="true" />
                Try Again
              </Link>
            </Button>
          </>
        )}
      </Card>
    </div>
  );
}
