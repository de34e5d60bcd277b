import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '#web/components/button';

/** SPEC §2: any other path shows a not-found screen. */
export function NotFoundPage() {
  return (
    <div className="flex min-h-[70dvh] items-center justify-center px-4 py-12">
      <div className="w-full max-w-md text-center">
        <Compass aria-hidden="true" className="mx-auto size-12 text-primary" />
        <h1 className="mt-4 text-3xl font-semibold">Page not found</h1>
        <p className="mt-2 text-text-muted">The page you are looking for does not exist or has moved.</p>
        <Link to="/" className={buttonClasses('primary', 'mt-6')}>
          Go to the home page
        </Link>
      </div>
    </div>
  );
}
