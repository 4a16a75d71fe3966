import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { photoVariants } from '@keeb/shared';
import { renderDemoPhotos } from '../apps/api/src/db/seed/demo/photos';
import { listingPhoto } from '../apps/api/src/platform/images';
import { photoParts } from '../apps/api/src/platform/photo-parts';

/** Palettes (body, alphas, accent) for seeded listings, so two listings side by side (a trade) look apart. */
const PALETTES = [
  ['#2f3640', '#e8e4da', '#d9534f'],
  ['#dfe6ee', '#f7f7f2', '#3d7bd9'],
  ['#1f3b57', '#c9d6e3', '#e0b84a'],
  ['#4a4a4a', '#bfe3c5', '#4fb286'],
] as const;

/**
 * A listing photo for a journey that seeds its listings in SQL: a keyboard rendered as the demo's are, stored as an
 * upload is (the photo with its @4x_ and @2x_ variants beside it) in the server's own uploads folder, so cards and
 * order pages show a real thumbnail instead of a broken image. Returns the `photos` and `thumbnail` columns' values.
 */
export async function seedListingPhoto(dataDir: string, name: string, variant: number): Promise<{ photos: string[]; thumbnail: string }> {
  const dir = path.join(dataDir, 'uploads', 'journeys');
  await mkdir(dir, { recursive: true });
  const [rendered] = await renderDemoPhotos('keyboards', PALETTES[variant % PALETTES.length]!, variant);
  const file = `${name}.jpg`;
  await Promise.all(photoParts(file, await listingPhoto(rendered)).map((part) => writeFile(path.join(dir, part.key), part.body)));
  const url = `/uploads/journeys/${file}`;
  return { photos: [url], thumbnail: photoVariants(url).list };
}
