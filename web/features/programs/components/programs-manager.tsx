import { BookOpen, ChevronRight } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { PROGRAM_LIMITS, PROGRAM_MESSAGES, type ProgramSummary } from '#contracts/programs';
import { Button } from '#web/components/button';
import { Dialog } from '#web/components/dialog';
import { FormActions } from '#web/components/form-actions';
import { AddButton, EmptyState, ListHeader, QueryList } from '#web/components/list-states';
import { TextField } from '#web/components/text-field';
import { formatCents } from '#web/lib/money';
import { useCreateProgram, useMyPrograms } from '../api/programs';
import { ProgramBuilder } from './program-builder';
import { ProgramHeading } from './status-badge';

/** The "Programs" part of /services: the coach's programs, and the builder of the one opened. */
export function ProgramsManager() {
  const programs = useMyPrograms();
  const [openId, setOpenId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);

  if (openId)
    return (
      <section aria-labelledby="programs-heading" className="flex flex-col gap-4">
        <h2 id="programs-heading" className="sr-only">
          Programs
        </h2>
        <ProgramBuilder programId={openId} onClose={() => setOpenId(null)} />
      </section>
    );

  return (
    <section aria-labelledby="programs-heading" className="flex flex-col gap-4">
      <ListHeader
        id="programs-heading"
        title="Programs"
        description="Step-by-step lessons people follow at their own pace."
        action={
          <AddButton onClick={() => setCreating(true)} disabled={!programs.data}>
            New program
          </AddButton>
        }
      />
      <p className="rounded-[var(--radius-control)] border border-warning/30 bg-warning-soft px-3 py-2.5 text-sm text-warning">
        {PROGRAM_MESSAGES.paidNotice}
      </p>

      <QueryList
        query={programs}
        items={(data) => data.programs}
        loadingLabel="Loading programs"
        skeletonClassName="h-20"
        skeletonCount={1}
        empty={
          <EmptyState
            icon={BookOpen}
            title="No programs yet"
            action={<AddButton onClick={() => setCreating(true)}>Create your first program</AddButton>}
          >
            Turn what you teach into a series of lessons with text, pictures and video links. Publish it and
            it appears on your page.
          </EmptyState>
        }
      >
        {(program) => <ProgramRow program={program} onOpen={() => setOpenId(program.id)} />}
      </QueryList>
      {creating ? (
        <NewProgramDialog
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false);
            setOpenId(id);
          }}
        />
      ) : null}
    </section>
  );
}

function ProgramRow({ program, onOpen }: { program: ProgramSummary; onOpen: () => void }) {
  return (
    <article className="flex flex-wrap items-center gap-4 rounded-[var(--radius-card)] border border-border bg-surface p-4 shadow-soft">
      <ProgramHeading
        title={program.title}
        status={program.status}
        className="min-w-48 flex-1"
        titleClassName="font-semibold"
      >
        {program.lesson_count} {program.lesson_count === 1 ? 'lesson' : 'lessons'} · {program.enrolled_count}{' '}
        joined · {program.price === 0 ? 'Free' : formatCents(program.price)}
      </ProgramHeading>
      <div className="flex flex-wrap gap-2">
        {program.status === 'published' ? (
          <Link
            to={`/program/${program.id}`}
            className="inline-flex min-h-11 items-center rounded-[var(--radius-control)] px-3 text-sm font-semibold text-primary hover:bg-surface-sunken"
          >
            View page
          </Link>
        ) : null}
        <Button variant="secondary" onClick={onOpen} aria-label={`Edit ${program.title}`}>
          Edit
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </article>
  );
}

function NewProgramDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (id: string) => void }) {
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateProgram();
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (title.trim() === '') return setError(PROGRAM_MESSAGES.titleRequired);
    setError(null);
    try {
      const program = await create.mutateAsync({ title: title.trim() });
      onCreated(program.id);
    } catch {
      // Shown below.
    }
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="New program"
      description="Start with a title; you add the description, cover and lessons next. It stays a draft until you publish it."
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          label="Program title"
          value={title}
          maxLength={PROGRAM_LIMITS.titleMax}
          error={error}
          onChange={(event) => setTitle(event.target.value)}
        />
        <FormActions
          className=""
          submitLabel="Create draft"
          pending={create.isPending}
          error={create.error}
          pendingLabel="Creating…"
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
