import { Genders, Interests, Kinks, interestsSchema, kinksSchema } from '@nocturne/contracts';

// The lists of spec point 3, verbatim.
const onboardingKinks =
  'Rope Play, Impact Play, Sensory Play, Power Exchange, Role Playing, Leather & Latex, Wax Play, Temperature Play, Orgasm Control, Exhibitionism, Voyeurism, Pet Play, Age Play, Discipline, Humiliation, Praise, Choking, Spanking, Blindfolding, Restraints, Dominant, Submissive, Switch, Daddy/Mommy, Master/Slave, Primal, Brat, Sadist, Masochist, Cuckold'.split(', ');
const editKinks =
  'Impact Play, Rope Play, Dominant, Submissive, Switch, Leather & Latex, Exhibitionism, Voyeurism, Sensory Deprivation, Power Exchange, Discipline, Humiliation, Praise, Pet Play, Wax Play, Temperature Play, Blindfolding, Role Play, Master/Slave, Daddy/Mommy, Age Play, Primal, Masochist, Brat'.split(', ');
const onboardingInterests =
  'Photography, Art, Music, Travel, Coffee, Wine, Cooking, Fitness, Yoga, Reading, Gaming, Movies, Dancing, Hiking, Beach, Concerts, Festivals, Tattoos, Piercings, Motorcycles, Cars, Tech, Crypto, Spirituality, Meditation'.split(', ');
const editInterests =
  'Art, Coffee, Design, Dancing, Fitness, Music, Wine, Concerts, Reading, Writing, Movies, Photography, Astronomy, Travel, Cooking, Motorcycles, Tech, Crypto, Gaming, Cars, Yoga, Meditation, Hiking, Tattoos, Festivals'.split(', ');

describe('catalogues', () => {
  it('has one kink list: the union of both spec lists with Role Playing and Role Play as one item', () => {
    expect(onboardingKinks).toHaveLength(30);
    expect(editKinks).toHaveLength(24);
    const union = new Set([...onboardingKinks, ...editKinks].map((kink) => (kink === 'Role Playing' ? 'Role Play' : kink)));
    expect(new Set(Kinks)).toEqual(union);
    expect(Kinks).toHaveLength(31);
    expect(Kinks).not.toContain('Role Playing');
  });

  it('has one interest list: the union of both spec lists', () => {
    expect(onboardingInterests).toHaveLength(25);
    expect(editInterests).toHaveLength(25);
    expect(new Set(Interests)).toEqual(new Set([...onboardingInterests, ...editInterests]));
    expect(Interests).toHaveLength(28);
  });

  it('has the genders Male, Female and Other', () => {
    expect(Genders).toEqual(['Male', 'Female', 'Other']);
  });

  it('accepts every item of either spec list', () => {
    expect(kinksSchema.safeParse(onboardingKinks).success).toBe(true);
    expect(kinksSchema.safeParse(editKinks).success).toBe(true);
    expect(interestsSchema.safeParse(onboardingInterests).success).toBe(true);
    expect(interestsSchema.safeParse(editInterests).success).toBe(true);
  });

  it('rejects items from nowhere and items of the other list', () => {
    expect(kinksSchema.safeParse(['Knitting']).success).toBe(false);
    expect(kinksSchema.safeParse(['Travel']).success).toBe(false);
    expect(interestsSchema.safeParse(['Brat']).success).toBe(false);
    expect(interestsSchema.safeParse('Art').success).toBe(false);
  });
});
