import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHOTO_JPEG_QUALITY, preparePhoto } from './prepare-photo';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('preparePhoto', () => {
  it('uploads the original where the browser cannot draw it (jsdom has no createImageBitmap)', async () => {
    const file = new File(['png'], 'a.png', { type: 'image/png' });
    expect(await preparePhoto(file)).toBe(file);
  });

  it('draws the photo upright on a canvas and re-encodes it as JPEG at quality 0.5', async () => {
    const close = vi.fn();
    const createImageBitmap = vi.fn().mockResolvedValue({ width: 6400, height: 4800, close });
    vi.stubGlobal('createImageBitmap', createImageBitmap);
    const drawImage = vi.fn();
    const jpeg = new Blob(['jpeg'], { type: 'image/jpeg' });
    const toBlob = vi.fn((done: BlobCallback) => done(jpeg));
    const canvas = { width: 0, height: 0, getContext: () => ({ fillRect: vi.fn(), drawImage, fillStyle: '' }), toBlob };
    const realCreate = document.createElement.bind(document);
    vi.spyOn(document, 'createElement').mockImplementation((tag: string) =>
      tag === 'canvas' ? (canvas as unknown as HTMLCanvasElement) : realCreate(tag),
    );

    const file = new File(['jpg'], 'a.jpg', { type: 'image/jpeg' });
    expect(await preparePhoto(file)).toBe(jpeg);
    expect(createImageBitmap).toHaveBeenCalledWith(file, { imageOrientation: 'from-image' });
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', PHOTO_JPEG_QUALITY);
    expect(PHOTO_JPEG_QUALITY).toBe(0.5);
    // Long edge capped at 3200 px.
    expect([canvas.width, canvas.height]).toEqual([3200, 2400]);
    expect(close).toHaveBeenCalled();
  });

  it('falls back to the original when decoding fails', async () => {
    vi.stubGlobal('createImageBitmap', vi.fn().mockRejectedValue(new Error('bad image')));
    const file = new File(['?'], 'a.jpg', { type: 'image/jpeg' });
    expect(await preparePhoto(file)).toBe(file);
  });
});
