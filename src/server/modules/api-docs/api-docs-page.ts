type JsonSchema = Record<string, unknown>;
type Operation = {
  summary?: string;
  description?: string;
  parameters?: JsonSchema[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema: JsonSchema }> }>;
  security?: unknown[];
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The document's descriptions mark code with backticks, as Markdown does. */
const withCode = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

const methodColours: Record<string, string> = { get: '#1d6b3a', post: '#1f4e8c', put: '#8a5a00', delete: '#a12b2b' };

function schemaBlock(title: string, schema: unknown): string {
  return `<details><summary>${escapeHtml(title)}</summary><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre></details>`;
}

function operationHtml(path: string, method: string, operation: Operation): string {
  const parameters = (operation.parameters ?? [])
    .map((parameter) => `<li><code>${escapeHtml(String(parameter.name))}</code> (${escapeHtml(String(parameter.in))}${parameter.required ? ', required' : ''})</li>`)
    .join('');
  const body = operation.requestBody?.content['application/json']?.schema;
  const answer = operation.responses?.['200']?.content?.['application/json']?.schema;
  const id = `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, '-');
  return `<section class="operation" id="${escapeHtml(id)}">
<h3><span class="method" style="background:${methodColours[method] ?? '#444'}">${escapeHtml(method.toUpperCase())}</span> <code>${escapeHtml(path)}</code></h3>
<p>${withCode(operation.summary ?? '')}</p>
<p class="access">${escapeHtml(operation.description ?? '')}</p>
${parameters ? `<p>Parameters:</p><ul>${parameters}</ul>` : ''}
${body ? schemaBlock('Request body (JSON Schema)', body) : ''}
${answer ? schemaBlock('Answer 200 (JSON Schema)', answer) : ''}
</section>`;
}

/**
 * The OpenAPI document as a page people can read: plain HTML written on the server, no script, so
 * it passes the site's Content-Security-Policy as it is; the JSON beside it is for tools.
 */
export function renderApiDocsPage(document: JsonSchema): string {
  const info = document.info as { title: string; version: string; description: string };
  const paths = document.paths as Record<string, Record<string, Operation>>;
  const operations = Object.entries(paths)
    .sort(([first], [second]) => first.localeCompare(second))
    .flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => operationHtml(path, method, operation)))
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(info.title)} ${escapeHtml(info.version)}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem; color: #1b1b1b; line-height: 1.5; }
h1 { color: #0b5d3b; }
.operation { border-top: 1px solid #d6d6d6; padding: 0.5rem 0; }
.operation h3 { font-size: 1rem; margin: 0.5rem 0; overflow-wrap: anywhere; }
.method { color: #fff; border-radius: 0.25rem; padding: 0.1rem 0.45rem; font-size: 0.8rem; margin-right: 0.25rem; }
.access { color: #4a4a4a; }
pre { background: #f4f4f4; padding: 0.75rem; overflow-x: auto; font-size: 0.8rem; }
summary { cursor: pointer; min-height: 1.5rem; }
</style>
</head>
<body>
<h1>${escapeHtml(info.title)} <small>${escapeHtml(info.version)}</small></h1>
<p>${withCode(info.description)}</p>
<p>The same description for tools: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
${operations}
</body>
</html>`;
}
