/**
 * The shared input rules (`@nocturne/contracts`, built on zod: about 24 kB gzip), fetched when a form
 * first validates, so a screen with a form draws without them. Once loaded they stay.
 */
type Rules = typeof import('@nocturne/contracts');

let loaded: Rules | undefined;
let loading: Promise<Rules> | undefined;

export function loadRules(): Promise<Rules> {
  loading ??= import('@nocturne/contracts').then(
    (rules) => (loaded = rules),
    (error: unknown) => {
      // A failed fetch (offline) may be tried again on the next submit.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The rules, once `loadRules` has fetched them. */
export function rules(): Rules {
  if (!loaded) throw new Error('the input rules are used before loadRules() fetched them');
  return loaded;
}
