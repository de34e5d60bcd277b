import { useState, type FormEvent } from 'react';
import { ON_DEMAND_DEFAULT_RATES } from '#contracts/services';
import type { OwnProfile } from '#contracts/profiles';
import { SESSION_FORMATS, type SessionFormat } from '#domain/coaching/categories';
import { Button } from '#web/components/button';
import { RetryError, SkeletonList } from '#web/components/list-states';
import { TextField } from '#web/components/text-field';
import { useToast } from '#web/components/toast';
import { centsToInput, formatCents, inputToCents } from '#web/lib/money';
import { profileErrorMessage, useOwnProfile, useUpdateOwnProfile } from '#web/lib/own-profile';
import { FORMAT_NOUNS } from '#domain/coaching/format-labels';

const FIELD = {
  text: 'on_demand_text_price',
  audio: 'on_demand_audio_price',
  video: 'on_demand_video_price',
} as const satisfies Record<SessionFormat, keyof OwnProfile>;

/** Above this a rate per 15 minutes is surely a typo (10,000.00). */
const MAX_RATE = 1_000_000;

type Inputs = Record<SessionFormat, string>;
const inputsOf = (profile: OwnProfile): Inputs => ({
  text: centsToInput(profile.on_demand_text_price),
  audio: centsToInput(profile.on_demand_audio_price),
  video: centsToInput(profile.on_demand_video_price),
});

/**
 * SPEC §9 on-demand rates per 15 minutes (defaults text 30, audio 35, video 40 when empty), saved with
 * PATCH /api/profiles/me: shown at once, put back with a toast if the server refuses.
 */
export function OnDemandRates() {
  const profile = useOwnProfile();
  return (
    <section
      aria-labelledby="rates-heading"
      className="rounded-[var(--radius-card)] border border-border bg-surface p-5 shadow-soft sm:p-6"
    >
      <h2 id="rates-heading" className="text-xl font-semibold">
        On-demand rates
      </h2>
      <p className="mt-1 text-sm text-text-muted">
        What an instant session costs per 15 minutes. A 30-minute session costs twice the rate. Leave a rate
        empty to use the default.
      </p>
      <div className="mt-5">
        {profile.isPending ? (
          <SkeletonList
            label="Loading rates"
            count={SESSION_FORMATS.length}
            className="grid gap-4 sm:grid-cols-3"
            itemClassName="h-[4.5rem] rounded-[var(--radius-control)] bg-surface-sunken"
          />
        ) : profile.isError ? (
          <RetryError error={profileErrorMessage(profile.error)} onRetry={() => void profile.refetch()} />
        ) : (
          <RatesForm key={profile.data.updated_at} profile={profile.data} />
        )}
      </div>
    </section>
  );
}

function RatesForm({ profile }: { profile: OwnProfile }) {
  const [inputs, setInputs] = useState<Inputs>(() => inputsOf(profile));
  const [errors, setErrors] = useState<Partial<Record<SessionFormat, string>>>({});
  const update = useUpdateOwnProfile();
  const { toast } = useToast();
  const dirty = SESSION_FORMATS.some((format) => inputs[format] !== inputsOf(profile)[format]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Partial<Record<SessionFormat, string>> = {};
    const body: Partial<Record<(typeof FIELD)[SessionFormat], number | null>> = {};
    for (const format of SESSION_FORMATS) {
      const cents = inputToCents(inputs[format]);
      if (cents === undefined || (cents !== null && cents > MAX_RATE))
        found[format] = 'Enter an amount such as 30 or 32.50, or leave it empty for the default.';
      else body[FIELD[format]] = cents;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    update.mutate(body, {
      onSuccess: () =>
        toast({ title: 'Rates saved', description: 'New on-demand sessions use these rates.' }),
      onError: (error) => {
        // The cache went back to the saved rates; the fields show them again.
        setInputs(inputsOf(profile));
        toast({ title: 'Update Failed', description: profileErrorMessage(error), variant: 'destructive' });
      },
    });
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-3">
        {SESSION_FORMATS.map((format) => (
          <TextField
            key={format}
            label={`${FORMAT_NOUNS[format]} (per 15 min)`}
            inputMode="decimal"
            value={inputs[format]}
            placeholder={centsToInput(ON_DEMAND_DEFAULT_RATES[format])}
            hint={
              inputs[format].trim() === ''
                ? `Default: ${formatCents(ON_DEMAND_DEFAULT_RATES[format])}`
                : `Default is ${formatCents(ON_DEMAND_DEFAULT_RATES[format])}`
            }
            error={errors[format]}
            onChange={(event) => setInputs((previous) => ({ ...previous, [format]: event.target.value }))}
          />
        ))}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={!dirty || update.isPending}>
          {update.isPending ? 'Saving…' : 'Save rates'}
        </Button>
        <Button
          variant="ghost"
          disabled={update.isPending || SESSION_FORMATS.every((format) => inputs[format] === '')}
          onClick={() => setInputs({ text: '', audio: '', video: '' })}
        >
          Use the defaults
        </Button>
      </div>
    </form>
  );
}
