import { Hourglass } from 'lucide-react';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { MessageCard } from './message-card';

/** A screen's frame: its title (the page's one h1), what it is for, then its content. */
export function PageShell({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-2xl font-semibold tracking-tight text-balance sm:text-3xl">{title}</h1>
      {description ? <p className="mt-2 max-w-2xl text-text-muted">{description}</p> : null}
      {children ? <div className="mt-8">{children}</div> : null}
    </div>
  );
}

/** A PageShell whose title also names the browser tab ("<title> · Wellspring"). */
export function TitledPage(props: { title: string; description?: ReactNode; children?: ReactNode }) {
  useDocumentTitle(props.title);
  return <PageShell {...props} />;
}

/** The honest empty state of a screen whose capability is not built yet (DESIGN.md: every state designed). */
export function ComingSoon({ children }: { children?: ReactNode }) {
  return (
    <MessageCard
      as="section"
      titleId="coming-soon-title"
      icon={Hourglass}
      title="Coming soon"
      action={children}
    >
      This part of Wellspring is still being built. Nothing is shown here until it is real.
    </MessageCard>
  );
}
