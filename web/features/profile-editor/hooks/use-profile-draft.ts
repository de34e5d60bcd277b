import { useState } from 'react';
import type { OwnProfile } from '#contracts/profiles';
import { useZodForm } from '#web/components/form';
import { useToast } from '#web/components/toast';
import { profileErrorMessage, useUpdateOwnProfile } from '#web/lib/own-profile';
import { draftFields, saveDraft, type TextFieldOf } from '#web/lib/draft-fields';
import { deleteUploadedImage } from '#web/lib/upload-image';
import {
  changesBetween,
  editorSchema,
  publicAddressChange,
  validate,
  valuesFrom,
  type EditorValues,
} from '../lib/editor-values';

/** The editor's fields typed as text (inputs and textareas). */
export type EditorTextField = TextFieldOf<EditorValues>;

const PICTURES = ['avatar_url', 'cover_image_url'] as const;

/**
 * The coach profile editor's state (SPEC §4 Edit mode) on react-hook-form: the draft is the form, the
 * saved profile its baseline. A rule error shows once the field differs from what is saved, or after
 * a save attempt (the schema runs validate() again at submit, blocks it and focuses the first invalid
 * field). The server's words land on their field (and go when it is edited). Save sends only what
 * changed, optimistically; whatever was typed while it was on its way stays in the draft.
 */
export function useProfileDraft(profile: OwnProfile, onSaved: () => void) {
  const { toast } = useToast();
  const update = useUpdateOwnProfile();
  const [saved, setSaved] = useState<EditorValues>(() => valuesFrom(profile));
  const form = useZodForm(editorSchema, { defaultValues: saved });
  const draft = form.watch();

  /** A name change would move the public page (SPEC §5): the person keeps the address or takes the new one. */
  const [keepAddress, setKeepAddress] = useState(false);
  const changesOf = (values: EditorValues) =>
    changesBetween(
      saved,
      values,
      profile.custom_fonts,
      keepAddress && publicAddressChange(saved, values) !== null,
    );
  const dirty = Object.keys(changesOf(draft)).length > 0;
  const ruleErrors = validate(draft);
  const { errorOf, set, textField, setUpload, setServerErrors } = draftFields(form, {
    saved,
    draft,
    ruleErrors,
  });
  /** A picture uploaded in this draft and replaced before saving is deleted: it was never used. */
  const setPicture = (field: (typeof PICTURES)[number], url: string | null) => setUpload(field, url);

  async function send(sent: EditorValues): Promise<boolean> {
    try {
      const next = valuesFrom(await update.mutateAsync(changesOf(sent)));
      setSaved(next);
      // Whatever was typed while the save was on its way stays in the draft.
      const typedSince = JSON.stringify(form.getValues()) !== JSON.stringify(sent);
      form.reset(next, { keepValues: typedSince });
      setKeepAddress(false);
      toast({ title: 'Profile saved', description: 'Clients see your changes now.' });
      onSaved();
      return true;
    } catch (error) {
      setServerErrors(error);
      toast({ title: 'Update Failed', description: profileErrorMessage(error), variant: 'destructive' });
      return false;
    }
  }

  /** Saves the draft (the form's submit and the unsaved-changes guard's Save): whether it is all saved now. */
  const save = () => saveDraft(form, { dirty, send, toast });

  function discard() {
    for (const field of PICTURES) {
      const url = draft[field];
      if (url && url !== saved[field]) void deleteUploadedImage(url).catch(() => undefined);
    }
    form.reset(saved);
    setKeepAddress(false);
  }

  return {
    draft,
    saved,
    dirty,
    saving: update.isPending,
    errorOf,
    set,
    textField,
    setPicture,
    save,
    discard,
    newAddress: publicAddressChange(saved, draft),
    keepAddress,
    setKeepAddress,
  };
}

export type ProfileDraft = ReturnType<typeof useProfileDraft>;
