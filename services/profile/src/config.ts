/** Everything the profile service needs to know; `environment.ts` builds it from the environment. */
export interface ProfileConfig {
  /** 0 picks a free port. */
  port: number;
  host: string;
  internalSecret: string;
  /**
   * Prefix of the photo, avatar and placeholder URLs handed to clients. Empty (the default) gives
   * site-relative URLs (`/api/photos/...`), which work whatever host name the browser used.
   */
  mediaUrl: string;
}

export const defaultProfileConfig: Omit<ProfileConfig, 'internalSecret'> = {
  port: 4002,
  host: '127.0.0.1',
  mediaUrl: '',
};
