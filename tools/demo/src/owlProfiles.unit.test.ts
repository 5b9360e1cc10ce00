import { coarseDistanceKm, Interests, Kinks, onboardingUpdateSchema, signUpSchema, timeZoneSchema } from '@nocturne/contracts';
import { LIKES_BACK_ONE_IN, nightOwlProfiles, OWL_CITY, OWL_COUNT, owlProfile } from './owlProfiles';
import { owlPhotoSvg } from './owlPhotos';
import { owlPassword } from './seedNightOwls';

describe('demo night owl profiles', () => {
  const owls = nightOwlProfiles();

  it('are about sixty, the same on every call, with unique usernames and emails', () => {
    expect(owls).toHaveLength(OWL_COUNT);
    expect(OWL_COUNT).toBeGreaterThanOrEqual(55);
    expect(nightOwlProfiles()).toEqual(owls);
    expect(new Set(owls.map((owl) => owl.username)).size).toBe(OWL_COUNT);
    expect(new Set(owls.map((owl) => owl.email)).size).toBe(OWL_COUNT);
    expect(() => owlProfile(OWL_COUNT)).toThrow(RangeError);
  });

  it('pass the sign-up and onboarding rules everyone is held to', () => {
    for (const owl of owls) {
      expect(signUpSchema.safeParse({ username: owl.username, email: owl.email, password: 'x'.repeat(43), name: owl.name, age: owl.age }).success).toBe(true);
      expect(onboardingUpdateSchema.safeParse({ gender: owl.gender, kinks: owl.kinks, interests: owl.interests, bio: owl.bio }).success).toBe(true);
      expect(timeZoneSchema.safeParse(owl.timeZone).success).toBe(true);
      expect(owl.kinks.every((kink) => (Kinks as readonly string[]).includes(kink))).toBe(true);
      expect(owl.interests.every((interest) => (Interests as readonly string[]).includes(interest))).toBe(true);
    }
  });

  it('vary in gender, age (21 to 55), kinks and interests', () => {
    expect(new Set(owls.map((owl) => owl.gender))).toEqual(new Set(['Female', 'Male', 'Other']));
    const ages = owls.map((owl) => owl.age);
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(21);
    expect(Math.max(...ages)).toBeLessThanOrEqual(55);
    expect(Math.max(...ages) - Math.min(...ages)).toBeGreaterThan(20);
    expect(new Set(owls.map((owl) => owl.kinks.join())).size).toBe(OWL_COUNT);
    expect(new Set(owls.map((owl) => owl.bio)).size).toBeGreaterThan(OWL_COUNT / 2);
  });

  it('live scattered within about 25 km of the city, in its time zone', () => {
    const distances = owls.map((owl) => coarseDistanceKm(owl, OWL_CITY));
    expect(Math.max(...distances)).toBeLessThanOrEqual(OWL_CITY.radiusKm + 1);
    expect(Math.max(...distances)).toBeGreaterThan(OWL_CITY.radiusKm / 2);
    expect(new Set(distances).size).toBeGreaterThan(15);
    expect(owls.every((owl) => owl.timeZone === OWL_CITY.timeZone && owl.city === OWL_CITY.name)).toBe(true);
  });

  it('like back one in three', () => {
    expect(owls.filter((owl) => owl.likesBack)).toHaveLength(Math.ceil(OWL_COUNT / LIKES_BACK_ONE_IN));
    expect(LIKES_BACK_ONE_IN).toBe(3);
  });

  it('draw a night sky with the initials, the same for the same owl and photo', () => {
    const svg = owlPhotoSvg(owls[0]!, 0);
    expect(svg).toContain(`>${owls[0]!.name[0]}</text>`);
    expect(owlPhotoSvg(owls[0]!, 0)).toBe(svg);
    expect(owlPhotoSvg(owls[0]!, 1)).not.toBe(svg);
  });

  it('get passwords from the secret: stable, different per owl and per secret', () => {
    const secret = Buffer.alloc(32, 7);
    expect(owlPassword(secret, 'luna_owl')).toBe(owlPassword(Buffer.alloc(32, 7), 'luna_owl'));
    expect(owlPassword(secret, 'luna_owl')).not.toBe(owlPassword(secret, 'orion_owl'));
    expect(owlPassword(secret, 'luna_owl')).not.toBe(owlPassword(Buffer.alloc(32, 8), 'luna_owl'));
    expect(owlPassword(secret, 'luna_owl').length).toBeGreaterThanOrEqual(40);
  });
});
