import { findIntegrationContract, IntegrationContracts } from './registry';

describe('integration contracts', () => {
  it('are found by type and version, one per pair', () => {
    const keys = IntegrationContracts.map((contract) => `${contract.type}@${contract.version}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(findIntegrationContract('UserRegistered', 1)?.personal).toEqual(['username', 'name', 'age']);
    expect(findIntegrationContract('UserRegistered', 2)).toBeUndefined();
  });

  it.each(IntegrationContracts.map((contract) => [contract.type, contract] as const))('%s names personal fields of its own schema, and whose they are in userId', (_type, contract) => {
    const fields = Object.keys(contract.schema.shape);
    if (contract.personal.length > 0) expect(fields).toContain('userId');
    for (const field of contract.personal) expect(fields).toContain(field);
    expect(contract.personal).not.toContain('userId');
  });

  it('treats everything that describes a person as personal: names, age, profile, photos, position, time zone', () => {
    const personal = new Set(IntegrationContracts.flatMap((contract) => contract.personal.map((field) => `${contract.type}.${field}`)));
    for (const field of ['UserRegistered.username', 'UserRegistered.name', 'UserRegistered.age', 'AccountDetailsChanged.name', 'OnboardingCompleted.bio', 'OnboardingCompleted.kinks', 'ProfileUpdated.gender', 'ProfileUpdated.photos', 'ProfilePhotosChanged.photos', 'LocationUpdated.cell', 'LocationUpdated.latitude', 'TimeZoneSet.timeZone']) {
      expect(personal).toContain(field);
    }
  });
});
