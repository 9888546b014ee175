import { Signer } from './signer.js';

describe('Signer', () => {
  const links = new Signer('0'.repeat(64), 'media-url-signature');

  it('verifies its own signatures and nothing else', () => {
    const signature = links.sign('reviews/a.mp4\n1700000000');
    expect(links.verify('reviews/a.mp4\n1700000000', signature)).toBe(true);
    expect(links.verify('reviews/a.mp4\n1700000001', signature)).toBe(false);
    expect(links.verify('reviews/a.mp4\n1700000000', `${signature.slice(0, -1)}A`)).toBe(false);
    expect(links.verify('reviews/a.mp4\n1700000000', '')).toBe(false);
  });

  it('signs differently for another purpose or another secret', () => {
    const message = 'same message';
    expect(new Signer('0'.repeat(64), 'login-proof').verify(message, links.sign(message))).toBe(false);
    expect(new Signer('1'.repeat(64), 'media-url-signature').verify(message, links.sign(message))).toBe(false);
  });
});
