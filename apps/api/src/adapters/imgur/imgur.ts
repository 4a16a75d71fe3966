import { z } from 'zod';
import type { Config } from '../../config';
import { PROVIDER_TIMEOUT_MS, ProviderError } from '../provider-http';

/** One entry of an album as Imgur describes it: `type` is the MIME type, `link` the direct file URL. */
export interface ImgurImage {
  type: string;
  link: string;
}

export interface ImgurClient {
  /** The album's images, or undefined when Imgur knows no album with this hash. ProviderError when Imgur fails. */
  albumImages(hash: string): Promise<ImgurImage[] | undefined>;
}

const AlbumImagesSchema = z.object({
  data: z.array(z.object({ type: z.string(), link: z.string() })),
});

/**
 * Imgur's API v3 (anonymous, app-level `Client-ID` auth) at IMGUR_API_URL. Unconfigured, the local stand-in
 * answers "no such album" for every hash: there is no local album store, and pasting photo links or uploading
 * still works without Imgur.
 */
export function createImgurClient(config: Pick<Config, 'imgur'>): ImgurClient {
  const imgur = config.imgur;
  if (!imgur) return { albumImages: async () => undefined };
  const base = imgur.apiUrl.replace(/\/$/, '');
  return {
    async albumImages(hash) {
      let res: Response;
      try {
        res = await fetch(`${base}/3/album/${encodeURIComponent(hash)}/images`, {
          headers: { Authorization: `Client-ID ${imgur.clientId}`, Accept: 'application/json' },
          signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
        });
      } catch (error) {
        throw new ProviderError('imgur', `unreachable (${(error as Error).name})`);
      }
      if (res.status === 404) return undefined;
      // No status on the error: anything but 404 (our credentials refused, Imgur's rate limit, an outage) is
      // not the user's doing, so it must end as a provider failure, never as a refusal of their input.
      if (!res.ok) throw new ProviderError('imgur', `answered ${res.status}`);
      const parsed = AlbumImagesSchema.safeParse(await res.json().catch(() => undefined));
      if (!parsed.success) throw new ProviderError('imgur', 'answered something that is not an album image list');
      return parsed.data.data;
    },
  };
}
