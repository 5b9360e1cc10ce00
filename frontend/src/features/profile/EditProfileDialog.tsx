import { useId, useRef, useState } from 'react';
import styled from 'styled-components';
import type { Gender } from '@nocturne/contracts/catalogues';
import { Limits, ProfileLimits } from '@nocturne/contracts/limits';
import type { SessionUser } from '../../api/auth';
import { serverError } from '../../api/http';
import { saveProfile, uploadPhotos } from '../../api/profile';
import { removePhoto, useCatalogues } from '../../api/profileGraphql';
import { Button } from '../../components/Button';
import { ChoiceChips } from '../../components/ChoiceChips';
import { Dialog } from '../../components/Dialog';
import { PhotoGrid } from '../../components/PhotoGrid';
import { TextArea } from '../../components/TextArea';
import { TextField } from '../../components/TextField';
import { hasErrors, type FieldErrors } from '../../forms/fieldErrors';
import { toast } from '../../toast/toastStore';
import { VoiceIntroRecorder } from './VoiceIntroRecorder';
import { describeProfileSaveFailure, editValuesOf, toProfileSave, validateProfileEdit, type ProfileEditField, type ProfileEditValues } from './profileEdit';

const toggle = (list: readonly string[], item: string) => (list.includes(item) ? list.filter((x) => x !== item) : [...list, item]);

export interface EditProfileServices {
  save: typeof saveProfile;
  upload: typeof uploadPhotos;
  remove: typeof removePhoto;
}

const defaultServices: EditProfileServices = { save: saveProfile, upload: uploadPhotos, remove: removePhoto };

interface EditProfileDialogProps {
  user: SessionUser;
  onClose: () => void;
  /** After a successful save, and after a cancel that leaves new uploads on the profile. */
  onChanged: () => void;
  services?: EditProfileServices;
}

/** The profile edit dialog: pre-filled, checked with the shared rules, closes on a successful save. */
export function EditProfileDialog({ user, onClose, onChanged, services = defaultServices }: EditProfileDialogProps) {
  const [values, setValues] = useState<ProfileEditValues>(() => editValuesOf(user));
  const [errors, setErrors] = useState<FieldErrors<ProfileEditField>>({});
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [uploadingCount, setUploadingCount] = useState(0);
  // Photos taken out here leave the server with the save; before an upload they leave at once, so that
  // the server's limit of 6 counts the same photos as the person sees.
  const removed = useRef<string[]>([]);
  const uploadedSomething = useRef(false);
  const { catalogues } = useCatalogues();
  const genderId = useId();

  const change = (patch: Partial<ProfileEditValues>) => {
    setValues((current) => {
      const next = { ...current, ...patch };
      if (submitted) setErrors(validateProfileEdit(next));
      return next;
    });
  };

  const addPhotos = async (files: File[]) => {
    const images = files.filter((file) => file.type.startsWith('image/')).slice(0, ProfileLimits.photosMax - values.photos.length);
    if (images.length === 0) {
      toast({ title: 'Upload failed', description: 'Photos must be JPEG, PNG, WebP or GIF images', variant: 'destructive' });
      return;
    }
    setUploadingCount(images.length);
    try {
      const pending = removed.current;
      removed.current = [];
      await Promise.all(pending.map((id) => services.remove(id)));
      const { added } = await services.upload(images);
      uploadedSomething.current = true;
      setValues((current) => ({ ...current, photos: [...current.photos, ...added] }));
      toast({ title: 'Photos added', description: `${added.length} photo${added.length === 1 ? '' : 's'} uploaded` });
    } catch (error) {
      toast({ title: 'Upload failed', description: serverError(error)?.message ?? 'Something went wrong. Please try again.', variant: 'destructive' });
    } finally {
      setUploadingCount(0);
    }
  };

  const removeLocally = (id: string) => {
    removed.current = [...removed.current, id];
    change({ photos: values.photos.filter((photo) => photo.id !== id) });
  };

  const submit = async () => {
    setSubmitted(true);
    const found = validateProfileEdit(values);
    setErrors(found);
    if (hasErrors(found)) return;
    setSaving(true);
    try {
      await services.save(toProfileSave(values));
      toast({ title: 'Profile Updated', description: 'Your profile has been saved successfully.' });
      onChanged();
      onClose();
    } catch (error) {
      setSaving(false);
      const server = serverError(error);
      if (server?.field) setErrors((current) => ({ ...current, [server.field as ProfileEditField]: server.message }));
      toast({ title: 'Update Failed', description: describeProfileSaveFailure(error), variant: 'destructive' });
    }
  };

  const cancel = () => {
    if (saving) return;
    if (uploadedSomething.current) onChanged();
    onClose();
  };

  return (
    <Dialog
      title="Edit Profile"
      description="Changes show on your profile once saved."
      onClose={cancel}
      size="wide"
      footer={
        <Buttons>
          <Button $variant="secondary" onClick={cancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form="edit-profile-form" disabled={saving || uploadingCount > 0} aria-busy={saving}>
            {saving ? 'Saving...' : 'Save Changes'}
          </Button>
        </Buttons>
      }
    >
      <Form
        id="edit-profile-form"
        noValidate
        aria-label="Edit profile"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Row>
          <TextField label="Name" name="name" autoComplete="given-name" value={values.name} error={errors.name} onChange={(e) => change({ name: e.target.value })} />
          <TextField
            label="Age"
            name="age"
            type="number"
            inputMode="numeric"
            min={Limits.ageMin}
            max={Limits.ageMax}
            step={1}
            value={values.age}
            error={errors.age}
            onChange={(e) => change({ age: e.target.value })}
          />
        </Row>

        <SelectField>
          <label htmlFor={genderId}>Gender</label>
          <select
            id={genderId}
            value={values.gender}
            aria-invalid={errors.gender ? true : undefined}
            aria-describedby={errors.gender ? `${genderId}-error` : undefined}
            onChange={(e) => change({ gender: e.target.value as Gender | '' })}
          >
            {values.gender === '' && (
              <option value="" disabled>
                Choose your gender
              </option>
            )}
            {catalogues.genders.map((gender) => (
              <option key={gender} value={gender}>
                {gender}
              </option>
            ))}
          </select>
          {errors.gender && (
            <p id={`${genderId}-error`} role="alert">
              {errors.gender}
            </p>
          )}
        </SelectField>

        <PhotoGrid
          photos={values.photos}
          uploadingCount={uploadingCount}
          busy={uploadingCount > 0 || saving}
          onAdd={(files) => void addPhotos(files)}
          onRemove={removeLocally}
          onReorder={(ids) => change({ photos: ids.map((id) => values.photos.find((photo) => photo.id === id)!) })}
        />
        {errors.photos && <FieldError role="alert">{errors.photos}</FieldError>}

        <VoiceIntroRecorder />

        <TextArea
          label="Bio"
          value={values.bio}
          maxLength={ProfileLimits.bioMax}
          error={errors.bio}
          placeholder="Tell night owls a little about yourself"
          onChange={(e) => change({ bio: e.target.value })}
        />

        <ChoiceChips
          legend="Interests"
          options={catalogues.interests}
          selected={values.interests}
          counter={`${values.interests.length} selected`}
          onToggle={(interest) => change({ interests: toggle(values.interests, interest) })}
        />
        {errors.interests && <FieldError role="alert">{errors.interests}</FieldError>}

        <ChoiceChips
          legend="Kinks"
          options={catalogues.kinks}
          selected={values.kinks}
          counter={`${values.kinks.length} selected`}
          onToggle={(kink) => change({ kinks: toggle(values.kinks, kink) })}
        />
        {errors.kinks && <FieldError role="alert">{errors.kinks}</FieldError>}
      </Form>
    </Dialog>
  );
}

const Form = styled.form`
  display: grid;
  gap: 22px;
`;

const Row = styled.div`
  display: grid;
  grid-template-columns: 1fr 110px;
  gap: 12px;
  align-items: start;
`;

const SelectField = styled.div`
  display: grid;
  gap: 6px;

  label {
    font-size: 0.875rem;
    font-weight: 500;
    color: ${({ theme }) => theme.color.textMuted};
  }

  select {
    height: 50px;
    padding: 0 40px 0 16px;
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.color.border};
    background: ${({ theme }) => theme.color.field}
      url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='16' height='16' viewBox='0 0 24 24' fill='none' stroke='%23c3bde3' stroke-width='2' stroke-linecap='round'%3E%3Cpath d='M6 9l6 6 6-6'/%3E%3C/svg%3E")
      no-repeat right 14px center;
    color: ${({ theme }) => theme.color.text};
    font: inherit;
    appearance: none;
    cursor: pointer;

    &:focus-visible {
      outline: none;
      border-color: ${({ theme }) => theme.color.accent};
      box-shadow: ${({ theme }) => theme.shadow.focusRing};
    }

    &[aria-invalid='true'] {
      border-color: ${({ theme }) => theme.color.danger};
    }

    option {
      background: ${({ theme }) => theme.color.dusk};
    }
  }

  p {
    font-size: 0.8125rem;
    color: ${({ theme }) => theme.color.danger};
  }
`;

const FieldError = styled.p`
  margin-top: -14px;
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.color.danger};
`;

const Buttons = styled.div`
  display: grid;
  grid-template-columns: 1fr 1.4fr;
  gap: 10px;
`;
