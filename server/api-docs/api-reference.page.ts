import { createHash } from 'node:crypto';
import type { OpenApiDocument, OpenApiOperation } from './openapi.document.js';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Inline code (`x`) in descriptions, as in Markdown. */
const prose = (text: string) => escape(text).replace(/`([^`]+)`/g, '<code>$1</code>');

const STYLE = `
:root { color-scheme: light dark; --fg: #1f2430; --muted: #5b6372; --line: #d9dde5; --bg: #ffffff; --chip: #eef1f6; }
@media (prefers-color-scheme: dark) { :root { --fg: #e7eaf0; --muted: #a7afbd; --line: #363c48; --bg: #161a22; --chip: #232a36; } }
body { margin: 0; font: 15px/1.5 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
main { max-width: 980px; margin: 0 auto; padding: 24px 16px 64px; }
h1 { margin: 0 0 4px; } h2 { margin-top: 40px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
nav a { margin-right: 12px; } details { border: 1px solid var(--line); border-radius: 8px; margin: 8px 0; }
summary { padding: 8px 12px; cursor: pointer; display: flex; gap: 12px; align-items: baseline; flex-wrap: wrap; }
.method { font: 600 12px/1 ui-monospace, monospace; padding: 4px 6px; border-radius: 4px; background: var(--chip); min-width: 52px; text-align: center; }
.path { font-family: ui-monospace, monospace; overflow-wrap: anywhere; } .muted { color: var(--muted); }
.body { padding: 0 12px 12px; } table { border-collapse: collapse; width: 100%; } th, td { text-align: left; padding: 4px 8px; border-top: 1px solid var(--line); vertical-align: top; }
pre { background: var(--chip); padding: 8px; border-radius: 6px; overflow-x: auto; font-size: 13px; }
code { font-family: ui-monospace, monospace; }
`;

/** The page's Content-Security-Policy: nothing but its own inline style. */
export const API_REFERENCE_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; frame-ancestors 'none'`;

function operationHtml(path: string, method: string, op: OpenApiOperation): string {
  const params = (op.parameters ?? []) as Array<{ name: string; in: string; required?: boolean; schema?: unknown }>;
  const rows = params
    .map(
      (p) =>
        `<tr><td><code>${escape(p.name)}</code></td><td>${p.in}</td><td>${p.required ? 'yes' : ''}</td><td><code>${escape(JSON.stringify(p.schema ?? {}))}</code></td></tr>`,
    )
    .join('');
  const content = (op.requestBody as { content?: Record<string, { schema: unknown }> } | undefined)?.content ?? {};
  const bodies = Object.entries(content)
    .map(
      ([type, { schema }]) =>
        `<p>Body (<code>${type}</code>):</p><pre>${escape(JSON.stringify(schema, null, 2))}</pre>`,
    )
    .join('');
  const auth = op.security
    ? `Signed in${op['x-permission'] ? `, permission <code>${escape(op['x-permission'])}</code>` : ''}`
    : 'Public';
  const statuses = Object.keys(op.responses).join(', ');
  return `<details id="${escape(op.operationId)}"><summary><span class="method">${method.toUpperCase()}</span>
<span class="path">${escape(path)}</span><span class="muted">${escape(op.summary)}</span></summary><div class="body">
<p>${auth}. Answers: ${statuses}.</p>${rows ? `<table><thead><tr><th>Parameter</th><th>In</th><th>Required</th><th>Schema</th></tr></thead><tbody>${rows}</tbody></table>` : ''}${bodies}</div></details>`;
}

/** A readable reference of the document, server-rendered, with no script: one section per tag. */
export function apiReferencePage(document: OpenApiDocument): string {
  const sections = document.tags.map(({ name }) => {
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => op.tags.includes(name))
        .map(([method, op]) => operationHtml(path, method, op)),
    );
    return `<section aria-labelledby="tag-${escape(name)}"><h2 id="tag-${escape(name)}">${escape(name)}</h2>${operations.join('')}</section>`;
  });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(document.info.title)} ${escape(document.info.version)}</title><style>${STYLE}</style></head><body><main>
<h1>${escape(document.info.title)}</h1><p class="muted">Version ${escape(document.info.version)} · OpenAPI ${document.openapi} ·
<a href="/api/docs/openapi.json">openapi.json</a></p><p>${prose(document.info.description)}</p>
<nav aria-label="Sections">${document.tags.map(({ name }) => `<a href="#tag-${escape(name)}">${escape(name)}</a>`).join('')}</nav>
${sections.join('\n')}</main></body></html>`;
}
