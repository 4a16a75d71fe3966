import { describe, expect, it } from 'vitest';
import { photoVariants } from './thumbnails';

describe('photoVariants', () => {
  it('keeps photo-link hosts as they are', () => {
    expect(photoVariants('https://i.imgur.com/abc.jpg')).toEqual({ list: 'https://i.imgur.com/abc.jpg', detail: 'https://i.imgur.com/abc.jpg' });
    expect(photoVariants('https://i.redd.it/x1.png')).toEqual({ list: 'https://i.redd.it/x1.png', detail: 'https://i.redd.it/x1.png' });
  });
  it('prefixes jpg and png names elsewhere', () => {
    expect(photoVariants('/uploads/items/u1/p.jpg')).toEqual({ list: '/uploads/items/u1/@2x_p.jpg', detail: '/uploads/items/u1/@4x_p.jpg' });
    expect(photoVariants('https://cdn.example.com/a/b.PNG?v=2')).toEqual({ list: 'https://cdn.example.com/a/@2x_b.PNG?v=2', detail: 'https://cdn.example.com/a/@4x_b.PNG?v=2' });
  });
  it('suffixes other names', () => {
    expect(photoVariants('https://cdn.example.com/photo/123')).toEqual({ list: 'https://cdn.example.com/photo/123@2x', detail: 'https://cdn.example.com/photo/123@4x' });
  });
});
