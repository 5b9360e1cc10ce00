const preloaded = new Map<string, Promise<void>>();

/**
 * Fetches a deck photo ahead of its card, once per URL however often asked (the early deck load and the
 * card stack ask for the top photo both); settles when it has loaded or failed.
 */
export function preloadPhoto(url: string, priority: 'high' | 'auto' = 'auto'): Promise<void> {
  let loading = preloaded.get(url);
  if (!loading) {
    const image = new Image();
    image.decoding = 'async';
    image.fetchPriority = priority;
    loading = new Promise((resolve) => {
      image.onload = image.onerror = () => resolve();
    });
    image.src = url;
    preloaded.set(url, loading);
  }
  return loading;
}
