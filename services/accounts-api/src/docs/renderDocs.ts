import type { OpenApiDocument } from '@datasync/openapi';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const json = (value: unknown) => `<pre>${escape(JSON.stringify(value, null, 2))}</pre>`;

const example = (title: string, value: unknown) => `<div class="example"><p>${escape(title)}</p>${json(value)}</div>`;

const STYLE = `
body { font: 15px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #1f2328; }
h2 { border-top: 1px solid #d0d7de; padding-top: 1.2rem; font-family: ui-monospace, monospace; font-size: 1.05rem; }
.method { display: inline-block; min-width: 4.5rem; font-weight: bold; }
pre { background: #f6f8fa; padding: .6rem; overflow-x: auto; font-size: 13px; }
table { border-collapse: collapse; } td, th { border: 1px solid #d0d7de; padding: .2rem .5rem; text-align: left; vertical-align: top; }
details { margin: .3rem 0; }
.example p { margin: .6rem 0 .2rem; font-weight: bold; }
`;

function operationHtml(path: string, method: string, op: OpenApiDocument['paths'][string][string]): string {
  const params = (op.parameters ?? []) as { name: string; in: string; required: boolean; description?: string; schema: unknown }[];
  const rows = params
    .map(
      (p) =>
        `<tr><td><code>${escape(p.name)}</code></td><td>${escape(p.in)}</td><td>${p.required ? 'yes' : 'no'}</td><td>${escape(p.description ?? '')}</td></tr>`,
    )
    .join('');
  const responses = Object.entries(op.responses)
    .map(([status, r]) => {
      const schema = r.content?.['application/json']?.schema;
      return `<details><summary><b>${escape(status)}</b> ${escape(r.description)}</summary>${schema ? json(schema) : ''}</details>`;
    })
    .join('');
  const requestExample = op.requestBody?.content['application/json'].example;
  // Examples are shown open, schemas folded: a reader copies an example first.
  const responseExamples = Object.entries(op.responses)
    .filter(([, r]) => r.content?.['application/json'].example !== undefined)
    .map(([status, r]) => example(`Example response ${status}`, r.content?.['application/json'].example))
    .join('');
  return [
    `<h2 id="${escape(op.operationId)}"><span class="method">${escape(method.toUpperCase())}</span>${escape(path)}</h2>`,
    `<p><b>${escape(op.summary)}</b></p>`,
    op.description ? `<p>${escape(op.description)}</p>` : '',
    op.security ? `<p>Authentication: HTTP Basic, <code>CLIENT_ID:CLIENT_SECRET</code>.</p>` : '<p>No authentication.</p>',
    rows ? `<table><tr><th>parameter</th><th>in</th><th>required</th><th>meaning</th></tr>${rows}</table>` : '',
    op.requestBody
      ? `<details><summary>Request body (JSON)</summary>${json(op.requestBody.content['application/json'].schema)}</details>`
      : '',
    requestExample !== undefined ? example('Example request', requestExample) : '',
    responseExamples,
    `<p>Responses:</p>${responses}`,
  ].join('\n');
}

/**
 * The OpenAPI document as one self-contained HTML page: no scripts, no external assets, one
 * style block allowed by its nonce, so it renders under a strict Content-Security-Policy.
 */
export function renderDocs(document: OpenApiDocument, nonce: string): string {
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => operationHtml(path, method, op)),
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(document.info.title)}</title>
<style nonce="${nonce}">${STYLE}</style></head>
<body><h1>${escape(document.info.title)}</h1>
${document.info.description ? `<p>${escape(document.info.description)}</p>` : ''}
<p>Machine-readable: <a href="openapi.json">openapi.json</a> (OpenAPI ${escape(document.openapi)}).</p>
${operations.join('\n')}
<h2>Errors</h2>${json(document.components.schemas.Error)}
</body></html>`;
}
