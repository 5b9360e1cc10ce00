import type { PublicPhotoV1 } from '@nocturne/contracts';

/**
 * The addresses browsers use: the gateway proxies `/api/photos/*`, `/api/avatars/*` and `/api/placeholder/*`
 * to this service's `/media/photos/*`, `/media/avatars/*` and `/media/placeholder/*`.
 * `publicUrl` is empty for same-origin relative URLs.
 */
export function createPublicUrls(publicUrl: string) {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    photo: (id: string): PublicPhotoV1 => ({ id, url: `${base}/api/photos/${id}/display`, thumbnailUrl: `${base}/api/photos/${id}/thumb` }),
    avatar: (userId: number) => `${base}/api/avatars/${userId}`,
    placeholder: (width: number, height: number) => `${base}/api/placeholder/${width}/${height}`,
    voiceIntro: (id: string) => `${base}/api/voice-intros/${id}`,
  };
}
export type PublicUrls = ReturnType<typeof createPublicUrls>;
