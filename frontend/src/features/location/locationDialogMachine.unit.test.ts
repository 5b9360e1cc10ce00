import { createActor, waitFor } from 'xstate';
import { fakeFetch } from '../../testing/fakeFetch';
import { fakeLocationDialog } from '../../testing/fakeLocation';
import { LocationErrors, LocationLookupError, describeGeolocationError, lookUpPosition } from './geolocation';
import { saveLocation } from './locationDialogMachine';

const paris = { latitude: 48.8566, longitude: 2.3522 };

function open(options: Parameters<typeof fakeLocationDialog>[0], userId?: number) {
  const fake = fakeLocationDialog(options);
  const actor = createActor(fake.machine, { input: { userId } }).start();
  return { ...fake, actor };
}

describe('locationDialogMachine', () => {
  it('waits in idle for a choice', () => {
    const { actor } = open({});
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('closes as skipped without asking the device', async () => {
    const lookUp = jest.fn(async () => paris);
    const { actor, saveLocation: save } = open({ lookUp });
    actor.send({ type: 'SKIP' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ outcome: 'skipped' });
    expect(lookUp).not.toHaveBeenCalled();
    expect(save).not.toHaveBeenCalled();
  });

  it('is requesting while the device looks, then saves and closes as enabled with a toast', async () => {
    let answer: (position: typeof paris) => void = () => {};
    const { actor, saveLocation: save, notify } = open({ lookUp: () => new Promise((resolve) => (answer = resolve)) }, 7);
    actor.send({ type: 'ENABLE' });
    expect(actor.getSnapshot().value).toBe('requesting');
    actor.send({ type: 'SKIP' });
    expect(actor.getSnapshot().value).toBe('requesting');
    answer(paris);
    await waitFor(actor, (s) => s.status === 'done');
    expect(save).toHaveBeenCalledWith({ position: paris, userId: 7 });
    expect(notify).toHaveBeenCalledWith(expect.anything(), { title: 'Location Enabled', description: "You'll now see distances to nearby users" });
    expect(actor.getSnapshot().output).toEqual({ outcome: 'enabled' });
  });

  it.each([LocationErrors.denied, LocationErrors.unavailable, LocationErrors.timedOut, LocationErrors.unsupported])(
    "stays open with 'Location Access Denied' and the device's error '%s'",
    async (message) => {
      const { actor, notify } = open({
        lookUp: async () => {
          throw new LocationLookupError(message);
        },
      });
      actor.send({ type: 'ENABLE' });
      await waitFor(actor, (s) => s.matches('idle'));
      expect(notify).toHaveBeenCalledWith(expect.anything(), { title: 'Location Access Denied', description: message, variant: 'destructive' });
      expect(actor.getSnapshot().status).toBe('active');
    },
  );

  it("says 'Unable to access location' when the device gave no reason", async () => {
    const { actor, notify } = open({
      lookUp: async () => {
        throw new LocationLookupError('');
      },
    });
    actor.send({ type: 'ENABLE' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(notify.mock.calls[0]![1]).toEqual({ title: 'Location Access Denied', description: 'Unable to access location', variant: 'destructive' });
  });

  it("reports 'Location Error' and stays open when saving the position fails", async () => {
    const { actor, notify } = open({
      lookUp: async () => paris,
      save: async () => {
        throw new Error('500: boom');
      },
    });
    actor.send({ type: 'ENABLE' });
    await waitFor(actor, (s) => s.matches('idle') && notify.mock.calls.length > 0);
    expect(notify.mock.calls[0]![1]).toEqual({ title: 'Location Error', description: 'Failed to enable location services', variant: 'destructive' });
    actor.send({ type: 'ENABLE' });
    expect(actor.getSnapshot().value).toBe('requesting');
  });
});

describe('device location errors', () => {
  it.each([
    [1, 'Location access denied by user'],
    [2, 'Location information unavailable'],
    [3, 'Location request timed out'],
    [9, 'Unable to retrieve location'],
  ])('maps code %i to %s', (code, message) => {
    expect(describeGeolocationError({ code })).toBe(message);
  });

  it('says geolocation is not supported without the API', async () => {
    await expect(lookUpPosition(undefined)).rejects.toThrow('Geolocation is not supported by this browser');
  });

  it('asks once with high accuracy, a 10 s time-out and a cache of 5 minutes', async () => {
    const getCurrentPosition = jest.fn((success: PositionCallback, _failure?: PositionErrorCallback, _options?: PositionOptions) =>
      success({ coords: paris } as GeolocationPosition),
    );
    await expect(lookUpPosition({ getCurrentPosition } as unknown as Geolocation)).resolves.toEqual(paris);
    expect(getCurrentPosition.mock.calls[0]![2]).toEqual({ enableHighAccuracy: true, timeout: 10_000, maximumAge: 300_000 });
  });

  it("turns the device's refusal into the catalogue's message", async () => {
    const getCurrentPosition = jest.fn((_: PositionCallback, failure: PositionErrorCallback) => failure({ code: 1 } as GeolocationPositionError));
    await expect(lookUpPosition({ getCurrentPosition } as unknown as Geolocation)).rejects.toThrow('Location access denied by user');
  });
});

describe('saveLocation', () => {
  afterEach(() => jest.restoreAllMocks());

  it("sends the position, then the account's place text 'lat, lon'", async () => {
    const fetchMock = fakeFetch({ status: 200, body: { ok: true } }, { status: 200, body: { ok: true } });
    await saveLocation({ position: paris, userId: 4 });
    expect(fetchMock.mock.calls.map((call) => [(call as unknown[])[0], ((call as unknown[])[1] as RequestInit).method, ((call as unknown[])[1] as RequestInit).body])).toEqual([
      ['/api/update-location', 'POST', JSON.stringify(paris)],
      ['/api/users/4/location', 'PATCH', JSON.stringify({ ...paris, location: '48.8566, 2.3522' })],
    ]);
  });

  it('only logs a failure of the second call', async () => {
    fakeFetch({ status: 200, body: { ok: true } }, { status: 500 });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(saveLocation({ position: paris, userId: 4 })).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalled();
  });

  it('fails when the position itself could not be saved', async () => {
    fakeFetch({ status: 401, body: { error: 'Not signed in' } });
    await expect(saveLocation({ position: paris })).rejects.toThrow('401');
  });
});
