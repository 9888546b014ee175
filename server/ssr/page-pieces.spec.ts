import { insertBefore, pageBytes } from './page-pieces.js';

describe("a page's pieces", () => {
  it('join into the UTF-8 bytes of the page, in order', () => {
    const bytes = pageBytes(['<p>Preparing media…</p>', Buffer.from('<style>a{}</style>'), '<p>Reseñas</p>']);
    expect(bytes.toString('utf8')).toBe('<p>Preparing media…</p><style>a{}</style><p>Reseñas</p>');
  });

  it('take a piece before the last place a marker stands, searching from the end', () => {
    const pieces = ['<head></head>', Buffer.from('<style></style>'), '<body><i>x</i><i>y</i></body>'];
    const joined = pageBytes(insertBefore(pieces, '<i>', Buffer.from('[T]'))).toString();
    expect(joined).toBe('<head></head><style></style><body><i>x</i>[T]<i>y</i></body>');
  });

  it('are left as they are where no text holds the marker', () => {
    const pieces = ['<body>', Buffer.from('<i>'), '</body>'];
    expect(insertBefore(pieces, '<i>', Buffer.from('[T]'))).toBe(pieces);
  });
});
