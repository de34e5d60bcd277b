import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, Mail } from 'lucide-react';
import { useState } from 'react';
import { type z } from 'zod';
import { MESSAGE_MAX, visitorInquirySchema } from '#contracts/messages';
import { messagesApi } from '#contracts/messages.api';
import { Button } from '#web/components/button';
import { Dialog, DialogFooter } from '#web/components/dialog';
import { applyServerErrors, fieldError, Form, serverFieldErrors, useZodForm } from '#web/components/form';
import { FormError } from '#web/components/form-error';
import { TextField } from '#web/components/text-field';
import { TextareaField } from '#web/components/textarea-field';
import { api } from '#web/lib/api';

/** The form's fields: the contract's checks and messages, without the id the browser adds. */
const formSchema = visitorInquirySchema.omit({ id: true });

/**
 * "Send a message" on a coach's page or website for someone not signed in (#17): their name, email
 * and message go to the coach without an account; the answer comes by email with a link to continue.
 * One id per message written, kept across tries, so a retry after a lost answer sends it once. The
 * `website` field is a trap for bots: hidden from people and from assistive technology.
 */
export function VisitorMessageButton({
  coachId,
  coachName,
  className,
}: {
  coachId: string;
  coachName: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" className={className} onClick={() => setOpen(true)}>
        <Mail aria-hidden="true" className="size-4" />
        Send a message
      </Button>
      {open ? (
        <VisitorMessageDialog coachId={coachId} coachName={coachName} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}

function VisitorMessageDialog({
  coachId,
  coachName,
  onClose,
}: {
  coachId: string;
  coachName: string;
  onClose: () => void;
}) {
  const [messageId, setMessageId] = useState(() => crypto.randomUUID());
  const form = useZodForm(formSchema, {
    defaultValues: { name: '', email: '', content: '', website: '' },
  });
  const send = useMutation({
    mutationFn: (body: z.output<typeof formSchema>) =>
      api(messagesApi.inquire, { params: { coachId }, body: { ...body, id: messageId } }),
    onError: (error) => applyServerErrors(form, error),
  });
  const content = form.watch('content');

  const writeAnother = () => {
    form.reset({ ...form.getValues(), content: '', website: '' });
    setMessageId(crypto.randomUUID());
    send.reset();
  };

  return (
    <Dialog
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={`Message ${coachName}`}
      description={
        send.isSuccess
          ? undefined
          : 'No account needed: the answer comes to your email, with a link to continue the conversation.'
      }
    >
      {send.isSuccess ? (
        <div className="flex flex-col gap-4">
          <p role="status" className="flex items-start gap-2 text-sm">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
            {send.data.message}
          </p>
          <DialogFooter>
            <Button variant="secondary" onClick={writeAnother}>
              Write another message
            </Button>
            <Button onClick={onClose}>Done</Button>
          </DialogFooter>
        </div>
      ) : (
        <Form form={form} onSubmit={(values) => send.mutate(values)} className="flex flex-col gap-4">
          <TextField
            label="Your name"
            autoComplete="name"
            maxLength={100}
            error={fieldError(form, 'name')}
            {...form.register('name')}
          />
          <TextField
            label="Your email"
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={254}
            error={fieldError(form, 'email')}
            {...form.register('email')}
          />
          <TextareaField
            label="Message"
            maxLength={MESSAGE_MAX}
            rows={5}
            value={content}
            error={fieldError(form, 'content')}
            {...form.register('content')}
          />
          {/* For bots only: people never see or reach it; a filled one stores nothing. */}
          <div aria-hidden="true" className="absolute -left-[9999px] size-px overflow-hidden">
            <label>
              Website
              <input type="text" tabIndex={-1} autoComplete="off" {...form.register('website')} />
            </label>
          </div>
          {/* What no field shows: a limit reached, the network, the server. */}
          {send.isError && Object.keys(serverFieldErrors(send.error)).length === 0 ? (
            <FormError error={send.error} />
          ) : null}
          <DialogFooter>
            <Button type="button" variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" busy={send.isPending}>
              Send message
            </Button>
          </DialogFooter>
        </Form>
      )}
    </Dialog>
  );
}
