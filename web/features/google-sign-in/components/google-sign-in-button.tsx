import { useEffect, useState } from 'react';
import { buttonClasses } from '#web/components/button';
import { Spinner } from '#web/components/spinner';
import { googleAuthorizeUrl } from '../api/google-authorize-url';
import { GoogleLogo } from './google-logo';

/**
 * "Continue with Google": makes this tab's PKCE verifier (kept in sessionStorage), then sends the
 * browser to GET /auth/v1/authorize, which forwards it to Google. Render it only when
 * GET /auth/v1/settings says `external.google` is true.
 */
export function GoogleSignInButton({
  role,
  redirectTo,
  navigate = (url) => window.location.assign(url),
}: {
  role?: 'client' | 'coach';
  redirectTo?: string;
  /** Where the browser is sent; replaceable in tests. */
  navigate?: (url: string) => void;
}) {
  const [starting, setStarting] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    // Coming back with the browser's Back button restores this page from the cache: make it usable again.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setStarting(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  async function start() {
    setStarting(true);
    setFailed(false);
    try {
      navigate(await googleAuthorizeUrl({ role, redirectTo }));
    } catch {
      // Web Crypto or sessionStorage unavailable (an old browser, a private mode that blocks storage).
      setStarting(false);
      setFailed(true);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        onClick={() => void start()}
        disabled={starting}
        aria-busy={starting}
        className={buttonClasses('secondary', 'w-full')}
      >
        {starting ? <Spinner className="size-5 border-2" /> : <GoogleLogo />}
        <span>Continue with Google</span>
      </button>
      {failed ? (
        <p role="alert" className="text-sm text-danger">
          Google sign-in could not start in this browser. Please try again, or use your email instead.
        </p>
      ) : null}
    </div>
  );
}
