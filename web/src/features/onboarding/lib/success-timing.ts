/** Spec 001 §9: the success page redirects after 3 s, saying 'Redirecting...' for 1 s more. */
export const REDIRECT_AFTER_MS = 3000;
export const REDIRECTING_FOR_MS = 1000;
/** 'Go to Dashboard Now' appears after half a second. */
export const DASHBOARD_BUTTON_AFTER_MS = 500;

/** The part of the checkout session id the page shows. */
export const sessionIdPreview = (sessionId: string | null) => (sessionId ? sessionId.slice(0, 20) : null);
