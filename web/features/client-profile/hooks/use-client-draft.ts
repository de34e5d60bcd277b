import { useState } from 'react';
import { UNIFIED_PROFILE_MESSAGES, type ClientProfile, type OwnProfile } from '#contracts/profiles';
import { useZodForm } from '#web/components/form';
import { useToast } from '#web/components/toast';
import { ApiError } from '#web/lib/api-client';
import { profileErrorMessage, useUpdateOwnProfile } from '#web/lib/own-profile';
import { draftFields, saveDraft, type TextFieldOf } from '#web/lib/draft-fields';
import { deleteUploadedImage } from '#web/lib/upload-image';
import { useSaveClientProfile } from '../api/client-profile';
import {
  clientChanges,
  clientEditorSchema,
  clientPartFrom,
  clientValuesFrom,
  profileValuesFrom,
  validateClient,
  type ClientValues,
} from '../lib/client-values';

/** The client editor's fields typed as text (inputs, textareas and selects). */
export type ClientTextField = TextFieldOf<ClientValues>;

/**
 * The client profile editor's state on react-hook-form: the draft is the form, the saved profiles its
 * baseline. A rule error shows once the field differs from what is saved, or after a save attempt (the
 * schema runs validateClient() again at submit, blocks it and focuses the first invalid field). Save
 * sends only what changed: name, username and photo to the profile (PATCH), the rest to the client
 * profile (PUT), both optimistic; what saved becomes the baseline, what failed stays in the draft with
 * the server's words on its field.
 */
export function useClientDraft(profile: OwnProfile, client: ClientProfile, onSaved: () => void) {
  const { toast } = useToast();
  const updateProfile = useUpdateOwnProfile();
  const saveClient = useSaveClientProfile();
  const [saved, setSaved] = useState<ClientValues>(() => clientValuesFrom(profile, client));
  const form = useZodForm(clientEditorSchema, { defaultValues: saved });
  const draft = form.watch();

  const changes = clientChanges(saved, draft);
  const dirty = Object.keys(changes.profile).length + Object.keys(changes.client).length > 0;
  const ruleErrors = validateClient(draft);
  const { errorOf, set, textField, setUpload, setServerErrors } = draftFields(form, {
    saved,
    draft,
    ruleErrors,
  });
  /** A photo uploaded in this draft and replaced before saving is deleted: it was never used. */
  const setAvatar = (url: string | null) => setUpload('avatar_url', url);

  async function send(sent: ClientValues): Promise<boolean> {
    const { profile: profileBody, client: clientBody } = clientChanges(saved, sent);
    const [profileResult, clientResult] = await Promise.allSettled([
      Object.keys(profileBody).length > 0 ? updateProfile.mutateAsync(profileBody) : Promise.resolve(null),
      Object.keys(clientBody).length > 0 ? saveClient.mutateAsync(clientBody) : Promise.resolve(null),
    ]);

    // What did save becomes the new baseline; what failed stays in the draft to try again.
    const nextSaved: ClientValues = { ...saved };
    if (profileResult.status === 'fulfilled' && profileResult.value)
      Object.assign(nextSaved, profileValuesFrom(profileResult.value));
    if (clientResult.status === 'fulfilled' && clientResult.value)
      Object.assign(nextSaved, clientPartFrom(clientResult.value));
    setSaved(nextSaved);

    const failure = [profileResult, clientResult].find((result) => result.status === 'rejected');
    if (failure?.status === 'rejected') {
      const error: unknown = failure.reason;
      setServerErrors(error);
      const message =
        failure === clientResult && error instanceof ApiError && error.code === 'PROFILE_UPDATE_FAILED'
          ? UNIFIED_PROFILE_MESSAGES.updateClientProfileFailed
          : profileErrorMessage(error);
      toast({ title: 'Update Failed', description: message, variant: 'destructive' });
      return false;
    }
    // Whatever was typed while the save was on its way stays in the draft.
    const typedSince = JSON.stringify(form.getValues()) !== JSON.stringify(sent);
    form.reset(nextSaved, { keepValues: typedSince });
    toast({ title: 'Profile saved' });
    if (profileResult.status === 'fulfilled' && profileResult.value) onSaved();
    return true;
  }

  /** Saves the draft (the form's submit and the unsaved-changes guard's Save): whether it is all saved now. */
  const save = () => saveDraft(form, { dirty, send, toast });

  function discard() {
    if (draft.avatar_url && draft.avatar_url !== saved.avatar_url)
      void deleteUploadedImage(draft.avatar_url).catch(() => undefined);
    form.reset(saved);
  }

  return {
    draft,
    saved,
    dirty,
    saving: updateProfile.isPending || saveClient.isPending,
    errorOf,
    set,
    textField,
    setAvatar,
    save,
    discard,
  };
}
