import { hashPassword, verifyPassword } from './password-hasher.js';

describe('password hasher', () => {
  it('verifies the right password and refuses others, with a fresh salt every time', async () => {
    const first = await hashPassword('correct horse');
    const second = await hashPassword('correct horse');
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword('correct horse', first)).toBe(true);
    expect(await verifyPassword('correct horsE', first)).toBe(false);
    expect(await verifyPassword('', first)).toBe(false);
  });

  it('refuses malformed or foreign hashes without throwing', async () => {
    expect(await verifyPassword('x', 'unusable')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$2b$10$abc')).toBe(false);
  });
});
