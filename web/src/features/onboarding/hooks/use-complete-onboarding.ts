import { useCallback, useEffect, useRef, useState } from 'react';
import { completeOnboarding } from '../api/onboarding';
import { DASHBOARD_BUTTON_AFTER_MS, REDIRECT_AFTER_MS, REDIRECTING_FOR_MS } from '../lib/success-timing';

type CompletionStatus = 'completing' | 'completed' | 'failed';

/** A full page load, so every query (the onboarding gate's first) starts fresh. */
const goHome = () => window.location.assign('/');

/** Completes onboarding once, then redirects home after 3 s plus a 1 s 'Redirecting...' (spec 001 §9). */
export function useCompleteOnboarding(redirect: () => void = goHome) {
  const [status, setStatus] = useState<CompletionStatus>('completing');
  const [redirecting, setRedirecting] = useState(false);
  const [buttonShown, setButtonShown] = useState(false);
  const started = useRef(false);

  const complete = useCallback(async () => {
    setStatus('completing');
    try {
      await completeOnboarding();
      setStatus('completed');
    } catch (err) {
      console.error('Failed to complete onboarding', err);
      setStatus('failed');
    }
  }, []);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void complete();
  }, [complete]);

  useEffect(() => {
    const timer = setTimeout(() => setButtonShown(true), DASHBOARD_BUTTON_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (status !== 'completed') return;
    const toMessage = setTimeout(() => setRedirecting(true), REDIRECT_AFTER_MS);
    const toHome = setTimeout(redirect, REDIRECT_AFTER_MS + REDIRECTING_FOR_MS);
    return () => {
      clearTimeout(toMessage);
      clearTimeout(toHome);
    };
  }, [status, redirect]);

  return { status, redirecting, buttonShown, retry: complete, goHome: redirect };
}
