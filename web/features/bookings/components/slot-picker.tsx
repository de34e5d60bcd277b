import { useQuery } from '@tanstack/react-query';
import { CalendarX, ChevronLeft, ChevronRight } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useId, useState } from 'react';
import { localOf, type LocalDate } from '#domain/scheduling/local-time';
import { Button } from '#web/components/button';
import { FieldError } from '#web/components/field';
import { RetryError } from '#web/components/list-states';
import { SkeletonRows } from '#web/components/loading-skeleton';
import { formatMonthYear } from '#web/lib/dates';
import { formatTime24 } from '#web/lib/date-times';
import { slotsQueryOptions } from '../api/bookings';
import { firstNameOf } from '../lib/booking-form';
import {
  addMonths,
  monthOf,
  monthWeeks,
  monthWindow,
  startOfDay,
  startsByDay,
  type Month,
} from '../lib/calendar';

const WEEKDAYS = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'] as const;
/** How many months ahead the calendar goes (the coach's horizon ends it earlier: empty months). */
const MONTHS_AHEAD = 6;

const dayLabel = (date: LocalDate) =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));

/**
 * The free times of a coach for a session of `duration` minutes (#18): a month of days in the viewer's
 * chosen zone (days without a free time are disabled), then the day's start times, each with the coach's
 * own time beside it when their zone differs ("09:00 for Lena"). Both are radio groups: arrow keys move.
 */
export function SlotPicker({
  coachId,
  coachName,
  coachZone,
  duration,
  timeZone,
  value,
  onChange,
  error,
}: {
  coachId: string;
  coachName: string;
  coachZone: string;
  duration: number;
  timeZone: string;
  value: string | null;
  onChange: (start: string | null) => void;
  error?: string | undefined;
}) {
  const [now] = useState(() => Date.now());
  const thisMonth = monthOf(localOf(timeZone, now).date);
  const [month, setMonth] = useState<Month>(() =>
    value ? monthOf(localOf(timeZone, Date.parse(value)).date) : thisMonth,
  );
  const [pickedDay, setPickedDay] = useState<LocalDate | null>(() =>
    value ? localOf(timeZone, Date.parse(value)).date : null,
  );
  const window = monthWindow(timeZone, month < thisMonth ? thisMonth : month, now);
  const slots = useQuery(slotsQueryOptions({ coachId, duration, ...window }));
  const byDay = startsByDay(slots.data?.slots.map((slot) => slot.start) ?? [], timeZone);
  const firstFree = [...byDay.keys()][0] ?? null;
  const day = pickedDay && byDay.has(pickedDay) ? pickedDay : firstFree;
  const times = day ? (byDay.get(day) ?? []) : [];
  const firstName = firstNameOf(coachName);
  const monthLabelId = useId();
  const timesLabelId = useId();

  const goTo = (next: Month) => {
    setMonth(next);
    setPickedDay(null);
  };

  let days;
  if (slots.isPending) days = <SkeletonRows label="Loading free times…" rows={5} />;
  else if (slots.isError)
    days = (
      <RetryError error={slots.error} onRetry={() => void slots.refetch()} label="Load the times again" />
    );
  else
    days = (
      <RadioGroup.Root
        aria-labelledby={monthLabelId}
        value={day ?? ''}
        onValueChange={(next) => {
          setPickedDay(next);
          onChange(null);
        }}
        className="grid grid-cols-7 gap-1"
      >
        {WEEKDAYS.map((weekday) => (
          <span
            key={weekday}
            aria-hidden="true"
            className="py-1 text-center text-xs font-medium text-text-muted"
          >
            {weekday}
          </span>
        ))}
        {monthWeeks(month).flatMap((week, weekIndex) =>
          week.map((date, index) => {
            if (!date) return <span key={`pad-${weekIndex}-${index}`} aria-hidden="true" />;
            const free = byDay.get(date)?.length ?? 0;
            return (
              <RadioGroup.Item
                key={date}
                value={date}
                disabled={free === 0}
                aria-label={`${dayLabel(date)}${free === 0 ? ', no free times' : `, ${free} free ${free === 1 ? 'time' : 'times'}`}`}
                className="flex aspect-square min-h-10 flex-col items-center justify-center rounded-[var(--radius-control)] text-sm font-semibold tabular-nums text-text transition-colors hover:bg-primary-soft disabled:cursor-default disabled:font-normal disabled:text-text-muted/60 disabled:hover:bg-transparent data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground"
              >
                {Number(date.slice(8))}
                <span
                  aria-hidden="true"
                  className={`mt-0.5 size-1 rounded-full ${free > 0 ? 'bg-current' : 'bg-transparent'}`}
                />
              </RadioGroup.Item>
            );
          }),
        )}
      </RadioGroup.Root>
    );

  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="text-sm font-medium text-text">Choose a time</legend>
      <div className="flex items-center justify-between gap-2">
        <Button
          variant="ghost"
          onClick={() => goTo(addMonths(month, -1))}
          disabled={month <= thisMonth}
          aria-label="Previous month"
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
        </Button>
        <p id={monthLabelId} className="font-semibold" aria-live="polite">
          {formatMonthYear(startOfDay(timeZone, `${month}-01`), timeZone)}
        </p>
        <Button
          variant="ghost"
          onClick={() => goTo(addMonths(month, 1))}
          disabled={month >= addMonths(thisMonth, MONTHS_AHEAD)}
          aria-label="Next month"
        >
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
      {days}
      {slots.isSuccess && byDay.size === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-[var(--radius-control)] border border-dashed border-border px-4 py-6 text-center text-sm">
          <CalendarX aria-hidden="true" className="size-5 text-text-muted" />
          <p className="font-semibold">{`No free times in ${formatMonthYear(startOfDay(timeZone, `${month}-01`), timeZone)}`}</p>
          {month < addMonths(thisMonth, MONTHS_AHEAD) ? (
            <Button variant="secondary" onClick={() => goTo(addMonths(month, 1))}>
              Look at the next month
            </Button>
          ) : null}
        </div>
      ) : null}
      {day && times.length > 0 ? (
        <div className="flex flex-col gap-2">
          <p id={timesLabelId} className="text-sm font-medium text-text">
            {`Times on ${dayLabel(day)}`}
          </p>
          <RadioGroup.Root
            aria-labelledby={timesLabelId}
            value={value ?? ''}
            onValueChange={onChange}
            className="grid grid-cols-2 gap-2 sm:grid-cols-3"
          >
            {times.map((start) => (
              <RadioGroup.Item
                key={start}
                value={start}
                className="flex min-h-11 flex-col items-center justify-center rounded-[var(--radius-control)] border border-border bg-surface px-2 py-1.5 text-sm font-semibold tabular-nums transition-colors hover:border-primary data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground"
              >
                {formatTime24(start, timeZone)}
                {coachZone !== timeZone ? (
                  <span className="text-xs font-normal">
                    {`${formatTime24(start, coachZone)} for ${firstName}`}
                  </span>
                ) : null}
              </RadioGroup.Item>
            ))}
          </RadioGroup.Root>
        </div>
      ) : null}
      <FieldError error={error ?? null} />
    </fieldset>
  );
}
