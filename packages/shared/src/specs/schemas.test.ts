import { describe, expect, it } from 'vitest';
import { CATEGORY_SPECS, SPEC_KEYS } from './lists';
import { checkItemSpecs, checkWantSpecs, specFilterOf, specTags } from './schemas';

describe('listing specs against the lists', () => {
  it('keeps a keyboard\'s specs as given, lists in list order, and tags them', () => {
    const checked = checkItemSpecs('keyboards', { size: '65%', mounting: 'hot-swap', includes: ['keycaps', 'switches'], condition: 'used-like-new', layout: '' });
    expect(checked).toEqual({ specs: { size: '65%', mounting: 'hot-swap', includes: ['switches', 'keycaps'], condition: 'used-like-new' } });
    if (!('specs' in checked)) throw new Error('refused');
    expect(specTags(checked.specs)).toEqual(['condition:used-like-new', 'includes:keycaps', 'includes:switches', 'mounting:hot-swap', 'size:65%']);
  });

  it('refuses a value outside its list, and a key of another category, naming the field', () => {
    expect(checkItemSpecs('keyboards', { size: '66%' })).toEqual({ problem: ['invalid_spec', 'specs.size'] });
    expect(checkItemSpecs('keycaps', { size: '65%' })).toEqual({ problem: ['spec_not_in_category', 'specs.size'] });
    expect(checkItemSpecs('parts', { kind: 'pcb', lubed: true })).toEqual({ problem: ['spec_not_in_category', 'specs.lubed'] });
    expect(checkItemSpecs('parts', { kind: 'switches', quantity: 70.5 })).toEqual({ problem: ['invalid_spec', 'specs.quantity'] });
    expect(checkItemSpecs('artisan', { maker: 'x'.repeat(61) })).toEqual({ problem: ['invalid_spec', 'specs.maker'] });
    expect(checkItemSpecs('keyboards', ['65%'])).toEqual({ problem: ['invalid_spec', 'specs'] });
  });

  it('takes no specs at all (old listings) and condition on every category', () => {
    expect(checkItemSpecs('keyboards', undefined)).toEqual({ specs: {} });
    for (const category of Object.keys(CATEGORY_SPECS)) expect(checkItemSpecs(category, { condition: 'new-in-box' })).toEqual({ specs: { condition: 'new-in-box' } });
  });

  it('gives every key of the wire a field in some category', () => {
    const keys = new Set(Object.values(CATEGORY_SPECS).flatMap((fields) => fields.map((f) => f.key)));
    expect([...keys].sort()).toEqual([...SPEC_KEYS].sort());
  });
});

describe('feed and want filters', () => {
  it('reads comma-separated values as tags and refuses unknown ones', () => {
    expect(specFilterOf({ size: '65%,75%', mounting: 'hot-swap' }, ['keyboards'])).toEqual({ filter: { size: ['size:65%', 'size:75%'], mounting: ['mounting:hot-swap'] } });
    expect(specFilterOf({ size: '65%' }, ['keycaps'])).toEqual({ problem: ['spec_not_in_category', 'size'] });
    expect(specFilterOf({ size: 'huge' }, [])).toEqual({ problem: ['invalid_spec', 'size'] });
    expect(specFilterOf({ maker: 'GMK' }, ['keycaps'])).toEqual({ filter: { maker: ['maker:gmk'] } });
  });

  it('checks a want\'s specs against its categories', () => {
    expect(checkWantSpecs(['keyboards'], { size: ['65%'], mounting: 'hot-swap' })).toEqual({ specs: { size: ['65%'], mounting: ['hot-swap'] } });
    expect(checkWantSpecs([], { size: '65%' })).toEqual({ problem: ['spec_not_in_category', 'specs.size'] });
    expect(checkWantSpecs([], { condition: 'used' })).toEqual({ specs: { condition: ['used'] } });
  });
});
