import { Messages, ProfileMessages } from '@nocturne/contracts';
import { HttpError } from '../../api/http';
import { describeProfileSaveFailure, editValuesOf, toProfileSave, validateProfileEdit, type ProfileEditValues } from './profileEdit';

const user = {
  id: 3,
  username: 'vega',
  name: 'Vega',
  email: 'vega@example.test',
  age: 31,
  createdAt: '2026-11-01T21:00:00.000Z',
  gender: 'Female',
  bio: 'Stargazer.',
  photos: ['/api/photos/0123456789abcdef0123456789abcdef/display'],
  kinks: ['Praise'],
  interests: ['Astronomy', 'Wine'],
};

const valid = (): ProfileEditValues => editValuesOf(user);

describe('profile edit form', () => {
  it('is pre-filled from the current user, photos with their thumbnails', () => {
    expect(valid()).toEqual({
      name: 'Vega',
      age: '31',
      gender: 'Female',
      photos: [
        {
          id: '0123456789abcdef0123456789abcdef',
          url: '/api/photos/0123456789abcdef0123456789abcdef/display',
          thumbnailUrl: '/api/photos/0123456789abcdef0123456789abcdef/thumb',
        },
      ],
      bio: 'Stargazer.',
      interests: ['Astronomy', 'Wine'],
      kinks: ['Praise'],
    });
  });

  it('accepts the current profile as it is', () => {
    expect(validateProfileEdit(valid())).toEqual({});
  });

  it.each([
    ['17', Messages.age],
    ['100', Messages.age],
    ['twenty', Messages.age],
    ['', Messages.age],
  ])('refuses the age %p: ages run from 18 to 99', (age, message) => {
    expect(validateProfileEdit({ ...valid(), age }).age).toBe(message);
  });

  it('accepts ages 18 and 99', () => {
    expect(validateProfileEdit({ ...valid(), age: '18' })).toEqual({});
    expect(validateProfileEdit({ ...valid(), age: '99' })).toEqual({});
  });

  it('allows a bio of 500 characters, not 501', () => {
    expect(validateProfileEdit({ ...valid(), bio: 'a'.repeat(500) })).toEqual({});
    expect(validateProfileEdit({ ...valid(), bio: 'a'.repeat(501) }).bio).toBe(ProfileMessages.bio);
  });

  it('needs a name of 2 to 50 characters', () => {
    expect(validateProfileEdit({ ...valid(), name: 'V' }).name).toBe(Messages.name);
    expect(validateProfileEdit({ ...valid(), name: 'V'.repeat(51) }).name).toBe(Messages.name);
  });

  it('asks for a gender when none is chosen', () => {
    expect(validateProfileEdit({ ...valid(), gender: '' }).gender).toBe(ProfileMessages.genderRequired);
  });

  it('refuses a seventh photo', () => {
    const photos = Array.from({ length: 7 }, (_, i) => {
      const id = `${i}`.padStart(32, 'a');
      return { id, url: `/api/photos/${id}/display`, thumbnailUrl: `/api/photos/${id}/thumb` };
    });
    expect(validateProfileEdit({ ...valid(), photos }).photos).toBe(ProfileMessages.photos);
  });

  it('refuses items outside the catalogue', () => {
    expect(validateProfileEdit({ ...valid(), kinks: ['Knitting'] }).kinks).toBe(ProfileMessages.kinks);
    expect(validateProfileEdit({ ...valid(), interests: ['Knitting'] }).interests).toBe(ProfileMessages.interests);
  });

  it('sends the age as a number, the bio trimmed and the photos by URL', () => {
    expect(toProfileSave({ ...valid(), age: '40', bio: '  Night owl  ' })).toEqual({
      name: 'Vega',
      age: 40,
      bio: 'Night owl',
      photos: ['/api/photos/0123456789abcdef0123456789abcdef/display'],
      gender: 'Female',
      kinks: ['Praise'],
      interests: ['Astronomy', 'Wine'],
    });
  });

  it("describes a failed save with the server's message, else 'Failed to update profile.'", () => {
    expect(describeProfileSaveFailure(new HttpError(400, JSON.stringify({ error: ProfileMessages.bio, field: 'bio' }), 'Bad Request'))).toBe(ProfileMessages.bio);
    expect(describeProfileSaveFailure(new HttpError(500, '', 'Internal Server Error'))).toBe('Failed to update profile.');
    expect(describeProfileSaveFailure(new TypeError('Failed to fetch'))).toBe('Failed to update profile.');
  });
});
