import { useMemo } from 'react';
import { z } from 'zod';
import { timeZoneSchema } from '#contracts/fields';
import { Button } from '#web/components/button';
import { SelectField } from '#web/components/field';
import { fieldError, Form, serverFieldErrors, useZodForm } from '#web/components/form';
import { FormError } from '#web/components/form-error';
import { RetryError } from '#web/components/list-states';
import { SkeletonRows } from '#web/components/loading-skeleton';
import { useToast } from '#web/components/toast';
import { deviceTimeZone, zoneLabel, zoneName, zoneNames } from '#web/lib/dates';
import { formatTime } from '#web/lib/date-times';
import { useNow } from '#web/lib/use-now';
import { profileErrorMessage, useOwnProfile, useUpdateOwnProfile } from '#web/lib/own-profile';
import { SettingsCard } from './form-controls';

const schema = z.object({ time_zone: timeZoneSchema });

/**
 * "Time zone" (#18): the zone every time is shown in, and a coach's schedule is written in. Set from the
 * device after sign-up; changed here (a traveller's device may say otherwise: the hint tells).
 */
export function TimeZoneSection() {
  const profile = useOwnProfile();
  const update = useUpdateOwnProfile();
  const { toast } = useToast();
  const device = deviceTimeZone();
  const saved = profile.data?.time_zone ?? null;
  const zones = useMemo(() => zoneNames(saved, device), [saved, device]);
  const form = useZodForm(schema, { values: { time_zone: saved ?? device } });
  const chosen = form.watch('time_zone');
  const now = useNow(60_000);

  let body;
  if (profile.isPending) body = <SkeletonRows label="Loading your time zone…" rows={1} />;
  else if (profile.isError)
    body = <RetryError error={profile.error} onRetry={() => void profile.refetch()} label="Try again" />;
  else
    body = (
      <Form
        form={form}
        className="flex flex-col gap-4 sm:flex-row sm:items-end"
        onSubmit={(values) =>
          update.mutate(values, {
            // A toast: the page is drawn again in the new zone (its times change), this note outlives that.
            onSuccess: (saved) =>
              toast({
                title: 'Time zone saved',
                description: `Times now show in ${zoneName(saved.time_zone ?? values.time_zone)}.`,
              }),
            onError: (error) => {
              const message = serverFieldErrors(error).time_zone;
              if (message) form.setError('time_zone', { type: 'server', message });
            },
          })
        }
      >
        <div className="min-w-0 flex-1">
          <SelectField
            label="Time zone"
            hint={
              chosen
                ? `It is ${formatTime(now, chosen)} ${zoneLabel(now, chosen)} there now.${
                    chosen === device ? '' : ` This device is set to ${device}.`
                  }`
                : undefined
            }
            error={fieldError(form, 'time_zone') ?? null}
            {...form.register('time_zone')}
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zoneName(zone)}
              </option>
            ))}
          </SelectField>
        </div>
        <Button type="submit" disabled={update.isPending || chosen === saved}>
          {update.isPending ? 'Saving…' : 'Save'}
        </Button>
      </Form>
    );

  return (
    <SettingsCard
      headingId="time-zone"
      title="Time zone"
      description="Every time on Wellspring — bookings, messages, reminders — is shown in this zone."
    >
      {body}
      {update.isError && !serverFieldErrors(update.error).time_zone ? (
        <div className="mt-3">
          <FormError error={profileErrorMessage(update.error)} />
        </div>
      ) : null}
    </SettingsCard>
  );
}
