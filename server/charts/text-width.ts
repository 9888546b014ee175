/** Characters about a third of an em wide in common sans-serif faces. */
const NARROW = new Set(" .,:;!|'`()[]{}ijlIft");
/** Characters near a whole em wide. */
const WIDE = new Set('mwMW@%');

/**
 * How wide `text` prints, in px, for ECharts on the server, which has no canvas to measure with: the em widths of
 * a wide system face (DejaVu Sans; Segoe UI, Roboto and San Francisco are narrower), so a label the server fits or
 * truncates never runs past its room in the page's own font.
 */
export function textWidth(text: string, fontSize: number): number {
  let ems = 0;
  for (const char of text) {
    if (NARROW.has(char)) ems += 0.34;
    else if (WIDE.has(char)) ems += 0.98;
    else if (char >= 'A' && char <= 'Z') ems += 0.72;
    else if (char.codePointAt(0)! > 0x2e80) ems += 1;
    else ems += 0.64;
  }
  return ems * fontSize;
}

/** The font size of a CSS font shorthand (`12px inherit`, `bold 14px sans-serif`); 12 px when it names none. */
export function fontSizeOf(font: string | undefined): number {
  const size = /(\d+(?:\.\d+)?)px/.exec(font ?? '');
  return size ? Number(size[1]) : 12;
}
