// The dashboard's look (config-service's dashboard.css: colours, type, cards, fields, buttons,
// alerts), copied because a service never imports another; the Link page uses a small part of
// it, plus its own centred single-card layout. Served as a file so the CSP needs no inline style.
export const LINK_STYLESHEET = `/* Colours for WCAG AA contrast on their backgrounds; focus always visible. */
:root {
  --ink: #111827; --muted: #4b5563; --line: #d1d5db; --soft: #f3f4f6; --page: #f8fafc; --card: #ffffff;
  --brand: #1e3a8a; --primary: #1d4ed8; --primary-dark: #1e40af; --danger: #b91c1c; --danger-soft: #fef2f2;
  --ok: #166534; --warn-soft: #fffbeb; --info-soft: #eff6ff; --focus: #f59e0b; --radius: 8px;
  --mono: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace;
}
* { box-sizing: border-box; }
html { font-size: 16px; }
body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; line-height: 1.5; color: var(--ink); background: var(--page); }
a { color: var(--primary); }
a:hover { color: var(--primary-dark); }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
code, .mono { font-family: var(--mono); font-size: 0.9em; }
code { background: var(--soft); padding: 0.1em 0.3em; border-radius: 4px; overflow-wrap: anywhere; }

.topbar { background: var(--brand); color: #fff; }
.topbar-inner { max-width: 34rem; margin: 0 auto; padding: 0.7rem 1.25rem; display: flex; align-items: baseline; gap: 0.75rem; flex-wrap: wrap; }
.brand { color: #fff; font-weight: 700; font-size: 1.15rem; letter-spacing: 0.01em; }
.via { color: #e0e7ff; font-size: 0.85rem; }

.link-main { max-width: 34rem; margin: 2.5rem auto; padding: 0 1.25rem; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: var(--radius); padding: 1.75rem; margin: 0 0 1.25rem; }
h1 { font-size: 1.45rem; margin: 0.25rem 0 0.75rem; line-height: 1.25; }
h2 { font-size: 1.05rem; margin: 0 0 0.35rem; }
.lead { color: var(--muted); margin: 0 0 1.25rem; }
.eyebrow { margin: 0; color: var(--muted); font-size: 0.88rem; font-weight: 600; display: flex; align-items: center; gap: 0.5rem; flex-wrap: wrap; }
.option { padding: 1rem 0 0.25rem; border-top: 1px solid var(--line); }
.divider { display: flex; align-items: center; gap: 0.75rem; color: var(--muted); font-size: 0.85rem; margin: 1rem 0 0; }
.divider::before, .divider::after { content: ""; flex: 1; border-top: 1px solid var(--line); }
.divider + .option { border-top: none; padding-top: 0.5rem; }
.footnote { color: var(--muted); font-size: 0.88rem; margin: 1.25rem 0 0; padding-top: 1rem; border-top: 1px solid var(--line); }

form { margin: 0; }
.field { margin: 0.75rem 0 1rem; }
.field label { display: block; font-weight: 600; margin-bottom: 0.3rem; }
input[type="password"], input[type="text"] { width: 100%; padding: 0.55rem 0.7rem; font: inherit; color: var(--ink); background: #fff; border: 1px solid #6b7280; border-radius: 6px; }
input.mono { font-family: var(--mono); font-size: 0.92rem; }
input[aria-invalid="true"] { border-color: var(--danger); box-shadow: 0 0 0 1px var(--danger); }
.hint { color: var(--muted); font-size: 0.88rem; margin: 0.3rem 0 0; }
.field-error { color: var(--danger); font-size: 0.9rem; margin: 0.4rem 0 0; font-weight: 500; }
.field-error::before { content: "⚠ "; }

.btn { display: inline-flex; align-items: center; justify-content: center; gap: 0.4rem; padding: 0.55rem 1rem; font: inherit; font-weight: 600; line-height: 1.3;
  border-radius: 6px; border: 1px solid var(--primary); background: var(--primary); color: #fff; cursor: pointer; text-decoration: none; }
.btn:hover { background: var(--primary-dark); color: #fff; }
.btn-secondary { background: #fff; color: var(--primary); }
.btn-secondary:hover { background: var(--info-soft); color: var(--primary-dark); }
.btn-block { width: 100%; margin-top: 0.75rem; }
.actions { display: flex; gap: 0.75rem; align-items: center; flex-wrap: wrap; margin-top: 1.25rem; }

.badge { display: inline-block; padding: 0.05rem 0.55rem; border-radius: 999px; font-size: 0.78rem; font-weight: 600; border: 1px solid; white-space: nowrap; }
.badge-warn { background: #fef3c7; color: #78350f; border-color: #fcd34d; }

.message { border-left-width: 6px; }
.message p { margin: 0 0 0.75rem; }
.message-error { border-left-color: var(--danger); }
.message-warn { border-left-color: #d97706; }
.message-info { border-left-color: var(--primary); }
`;

export const LINK_FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#1e3a8a"/><path d="M9 11h14M9 16h10M9 21h14" stroke="#fff" stroke-width="3" stroke-linecap="round"/></svg>';
