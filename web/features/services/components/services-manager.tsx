import { Clock3, Pause, Pencil, Play, Sparkles, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import type { Service } from '#contracts/services';
import { categoryLabel } from '#domain/coaching/categories';
import { Button } from '#web/components/button';
import { DeleteConfirmDialog } from '#web/components/delete-confirm-dialog';
import { errorText } from '#web/components/form-error';
import { AddButton, EmptyState, ListHeader, QueryList } from '#web/components/list-states';
import { useToast } from '#web/components/toast';
import { formatCents } from '#web/lib/money';
import { useDeleteService, useMyServices, useSetServiceActive } from '../api/services';
import { ServiceFormDialog } from './service-form-dialog';
import { FORMAT_NOUNS } from '#domain/coaching/format-labels';

export function Badge({
  tone,
  children,
}: {
  tone: 'success' | 'muted' | 'accent' | 'info';
  children: string;
}) {
  const tones = {
    success: 'bg-success/10 text-success',
    muted: 'bg-surface-sunken text-text-muted',
    accent: 'bg-accent-soft text-accent-strong',
    info: 'bg-primary-soft text-primary',
  } as const;
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[tone]}`}
    >
      {children}
    </span>
  );
}

/** The coach's services at /services: status badges, create/edit, pause/resume, delete with a confirmation. */
export function ServicesManager() {
  const services = useMyServices();
  const [editing, setEditing] = useState<{ service: Service | null; key: number } | null>(null);
  const [deleting, setDeleting] = useState<Service | null>(null);
  const open = (service: Service | null) => setEditing({ service, key: Date.now() });

  return (
    <section aria-labelledby="services-heading" className="flex flex-col gap-4">
      <ListHeader
        id="services-heading"
        title="Services"
        description="The sessions clients can book with you."
        action={
          <AddButton onClick={() => open(null)} disabled={!services.data}>
            New service
          </AddButton>
        }
      />

      <QueryList
        query={services}
        items={(data) => data.services}
        loadingLabel="Loading services"
        skeletonClassName="h-28"
        empty={
          <EmptyState
            title="No services yet"
            action={<AddButton onClick={() => open(null)}>Create your first service</AddButton>}
          >
            Add the sessions you offer, with a price and a length, and clients can book them from your page.
          </EmptyState>
        }
      >
        {(service) => (
          <ServiceCard service={service} onEdit={() => open(service)} onDelete={() => setDeleting(service)} />
        )}
      </QueryList>

      {editing ? (
        <ServiceFormDialog
          key={editing.key}
          open
          service={editing.service}
          onOpenChange={(next) => {
            if (!next) setEditing(null);
          }}
        />
      ) : null}
      <DeleteServiceDialog service={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}

function ServiceCard({
  service,
  onEdit,
  onDelete,
}: {
  service: Service;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const setActive = useSetServiceActive();
  const { toast } = useToast();
  const toggle = () =>
    setActive.mutate(
      { service, active: !service.is_active },
      {
        onError: (error) =>
          toast({ title: 'Update Failed', description: errorText(error), variant: 'destructive' }),
      },
    );
  return (
    <article
      aria-labelledby={`service-${service.id}`}
      className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-border bg-surface p-4 shadow-soft sm:flex-row"
    >
      {service.thumbnail_url ? (
        <img
          src={service.thumbnail_url}
          alt=""
          className="aspect-[3/1] w-full rounded-[var(--radius-control)] object-cover sm:aspect-square sm:w-24"
        />
      ) : null}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={`service-${service.id}`} className="font-semibold wrap-anywhere">
            {service.title}
          </h3>
          {service.is_active ? <Badge tone="success">Active</Badge> : <Badge tone="muted">Paused</Badge>}
          {service.is_popular ? <Badge tone="accent">Popular</Badge> : null}
          {service.type === 'micro' ? <Badge tone="info">Micro</Badge> : null}
        </div>
        {service.subtitle ? (
          <p className="mt-0.5 text-sm text-text-muted wrap-anywhere">{service.subtitle}</p>
        ) : null}
        <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-text-muted">
          <div className="flex items-center gap-1">
            <dt className="sr-only">Price</dt>
            <dd className="font-semibold text-text tabular-nums">
              {service.price === 0 ? 'Free' : formatCents(service.price)}
            </dd>
          </div>
          <div className="flex items-center gap-1">
            <Clock3 aria-hidden="true" className="size-3.5" />
            <dt className="sr-only">Length and format</dt>
            <dd>
              {service.duration} min · {FORMAT_NOUNS[service.format]}
            </dd>
          </div>
          {service.category ? (
            <div className="flex items-center gap-1">
              <Sparkles aria-hidden="true" className="size-3.5" />
              <dt className="sr-only">Category</dt>
              <dd>{categoryLabel(service.category)}</dd>
            </div>
          ) : null}
          {service.spots_left !== null ? (
            <div className="flex items-center gap-1">
              <Users aria-hidden="true" className="size-3.5" />
              <dt className="sr-only">Spots left</dt>
              <dd>{service.spots_left} spots left</dd>
            </div>
          ) : null}
        </dl>
      </div>
      <div className="flex flex-wrap items-start gap-2 sm:flex-nowrap">
        <Button variant="secondary" onClick={onEdit} aria-label={`Edit ${service.title}`}>
          <Pencil aria-hidden="true" className="size-4" />
          Edit
        </Button>
        <Button
          variant="secondary"
          onClick={toggle}
          disabled={setActive.isPending}
          aria-label={`${service.is_active ? 'Pause' : 'Resume'} ${service.title}`}
        >
          {service.is_active ? (
            <Pause aria-hidden="true" className="size-4" />
          ) : (
            <Play aria-hidden="true" className="size-4" />
          )}
          {service.is_active ? 'Pause' : 'Resume'}
        </Button>
        <Button
          variant="ghost"
          onClick={onDelete}
          aria-label={`Delete ${service.title}`}
          className="text-danger"
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
        </Button>
      </div>
    </article>
  );
}

function DeleteServiceDialog({ service, onClose }: { service: Service | null; onClose: () => void }) {
  const remove = useDeleteService();
  const { toast } = useToast();
  return (
    <DeleteConfirmDialog
      open={service !== null}
      onClose={onClose}
      title="Delete this service?"
      description={
        service
          ? `“${service.title}” will no longer be offered and cannot be restored. To stop offering it for a while, pause it instead.`
          : undefined
      }
      confirmLabel="Delete service"
      mutation={remove}
      onConfirm={() => {
        if (!service) return;
        remove.mutate(service.id, {
          onSuccess: () => {
            toast({ title: 'Service deleted', description: service.title });
            onClose();
          },
        });
      }}
    />
  );
}
