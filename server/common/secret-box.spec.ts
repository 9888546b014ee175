import { SecretBox } from './secret-box.js';

const KEY = 'a'.repeat(64);

describe('SecretBox', () => {
  const box = new SecretBox(KEY);

  it('opens what it sealed, with a fresh IV each time', () => {
    const a = box.seal('shpat_secret', 'merchant-1');
    const b = box.seal('shpat_secret', 'merchant-1');
    expect(a).not.toEqual(b);
    expect(a).not.toContain('shpat_secret');
    expect(box.open(a, 'merchant-1')).toBe('shpat_secret');
    expect(box.open(b, 'merchant-1')).toBe('shpat_secret');
  });

  it('refuses another context, another key and a tampered value', () => {
    const sealed = box.seal('shpat_secret', 'merchant-1');
    expect(() => box.open(sealed, 'merchant-2')).toThrow();
    expect(() => new SecretBox('b'.repeat(64)).open(sealed, 'merchant-1')).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('shpat_other').toString('base64url');
    expect(() => box.open(parts.join('.'), 'merchant-1')).toThrow();
    expect(() => box.open('shpat_secret', 'merchant-1')).toThrow('Not a sealed secret.');
  });

  it('needs a 32-byte key', () => {
    expect(() => new SecretBox('abcd')).toThrow();
  });
});
