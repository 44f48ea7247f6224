#!/usr/bin/env node
// Content consistency check for content/{locale}/**.
// Usage: node content/check.mjs
// Exits with code 1 and prints a list of problems when something is wrong.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = dirname(fileURLToPath(import.meta.url));
const DEFAULT_LOCALE = 'en';
const LOCALES = ['en', 'de', 'es', 'fr', 'it', 'pt-br'];
const PLACEHOLDER = /\{[A-Za-z_][A-Za-z0-9_]*\}/g;
// Case-sensitive on purpose: "todo" is an ordinary word in Spanish and Portuguese.
const FORBIDDEN = /\b(TODO|FIXME|TBD|XXX)\b|lorem ipsum/;
// English word-count bounds for page bodies (translations are not bounded).
const WORD_BOUNDS = { 'pages/static/': [250, 600] };

const problems = [];
const warnings = [];
const problem = (msg) => problems.push(msg);

function listFiles(dir) {
  const out = [];
  const walk = (d) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(relative(dir, p).split('\\').join('/'));
    }
  };
  walk(dir);
  return out;
}

function placeholders(s) {
  return new Set(s.match(PLACEHOLDER) ?? []);
}

function typeOf(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

// Walk a JSON value, report empty strings and forbidden markers.
function checkStrings(value, where) {
  const t = typeOf(value);
  if (t === 'string') {
    if (value.trim() === '') problem(`${where}: empty string`);
    if (FORBIDDEN.test(value)) problem(`${where}: contains a placeholder marker (${value.match(FORBIDDEN)[0]})`);
  } else if (t === 'object') {
    for (const [k, v] of Object.entries(value)) checkStrings(v, `${where}.${k}`);
  } else if (t === 'array') {
    for (const [i, v] of value.entries()) checkStrings(v, `${where}[${i}]`);
  }
}

// Compare a translation against English: same shape, same keys, placeholders kept.
function compareJson(en, tr, where, locale) {
  const te = typeOf(en);
  const tt = typeOf(tr);
  if (te !== tt) {
    problem(`${where}: type ${tt} in ${locale}, expected ${te} (as in en)`);
    return;
  }
  if (te === 'object') {
    const ek = Object.keys(en);
    const tk = Object.keys(tr);
    for (const k of ek) if (!(k in tr)) problem(`${where}.${k}: missing in ${locale}`);
    for (const k of tk) if (!(k in en)) problem(`${where}.${k}: extra key in ${locale} (not in en)`);
    for (const k of ek) if (k in tr) compareJson(en[k], tr[k], `${where}.${k}`, locale);
  } else if (te === 'array') {
    if (en.length !== tr.length) problem(`${where}: ${tr.length} items in ${locale}, ${en.length} in en`);
    const n = Math.min(en.length, tr.length);
    for (let i = 0; i < n; i++) compareJson(en[i], tr[i], `${where}[${i}]`, locale);
  } else if (te === 'string') {
    const ep = placeholders(en);
    const tp = placeholders(tr);
    for (const p of ep) if (!tp.has(p)) problem(`${where}: placeholder ${p} missing in ${locale}`);
    for (const p of tp) if (!ep.has(p)) problem(`${where}: unknown placeholder ${p} in ${locale} (not in en)`);
    if (en === tr && /[A-Za-z]{3,}.*\s.*[A-Za-z]{3,}.*\s.*[A-Za-z]{3,}/.test(en.replace(PLACEHOLDER, ''))) {
      warnings.push(`${where}: identical to English in ${locale}: "${en}"`);
    }
  } else if (en !== tr && te !== 'string') {
    // numbers / booleans (e.g. "order") must be identical across locales
    problem(`${where}: value ${JSON.stringify(tr)} in ${locale}, expected ${JSON.stringify(en)}`);
  }
}

function parseFrontMatter(text, where) {
  const normalized = text.replace(/\r\n/g, '\n');
  const m = normalized.match(/^---\n([\s\S]*?)\n---\n([\s\S]*)$/);
  if (!m) {
    problem(`${where}: missing front matter (--- ... ---) at the start of the file`);
    return null;
  }
  const meta = {};
  for (const line of m[1].split('\n')) {
    if (line.trim() === '') continue;
    const lm = line.match(/^([A-Za-z][\w-]*):\s*(.*)$/);
    if (!lm) {
      problem(`${where}: unparsable front matter line "${line}"`);
      continue;
    }
    if (lm[1] in meta) problem(`${where}: duplicate front matter key "${lm[1]}"`);
    meta[lm[1]] = lm[2].trim();
  }
  for (const key of ['title', 'description']) {
    if (!(key in meta)) problem(`${where}: front matter has no ${key}`);
    else if (meta[key] === '') problem(`${where}: front matter ${key} is empty`);
  }
  for (const key of Object.keys(meta)) {
    // A bonus page may name the code its claim button applies (docs/decisions/0076).
    const bonusCode = key === 'bonusCode' && where.includes('/pages/bonus/');
    if (bonusCode && !/^[A-Z0-9_-]{1,64}$/.test(meta[key])) problem(`${where}: bonusCode must be an upper-case code`);
    if (key !== 'title' && key !== 'description' && !bonusCode) {
      problem(`${where}: unexpected front matter key "${key}"`);
    }
    // Values are unquoted one-liners: keep them valid as plain YAML scalars too.
    const v = meta[key];
    if (/:\s/.test(v) || /\s#/.test(v))
      problem(`${where}: front matter ${key} contains ": " or " #" (breaks YAML plain scalars)`);
    if (/^[-?:,[\]{}#&*!|>'"%@`]/.test(v))
      problem(`${where}: front matter ${key} starts with a YAML indicator character`);
  }
  const body = m[2].trim();
  if (body === '') problem(`${where}: empty Markdown body`);
  if (FORBIDDEN.test(text)) problem(`${where}: contains a placeholder marker (${text.match(FORBIDDEN)[0]})`);
  return { meta, body };
}

function wordCount(markdown) {
  return markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#*_>`|-]/g, ' ')
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

// ---------------------------------------------------------------------------

const found = readdirSync(ROOT).filter((n) => statSync(join(ROOT, n)).isDirectory());
for (const l of LOCALES) if (!found.includes(l)) problem(`locale folder content/${l} is missing`);
for (const l of found) if (!LOCALES.includes(l)) problem(`unexpected folder content/${l} (not a known locale)`);

const files = {};
for (const l of LOCALES) if (found.includes(l)) files[l] = listFiles(join(ROOT, l));
const enFiles = files[DEFAULT_LOCALE] ?? [];

for (const l of LOCALES) {
  if (!files[l] || l === DEFAULT_LOCALE) continue;
  const set = new Set(files[l]);
  for (const f of enFiles) if (!set.has(f)) problem(`${l}/${f}: missing (exists in en)`);
  for (const f of files[l]) if (!enFiles.includes(f)) problem(`${l}/${f}: extra file (not in en)`);
}

for (const l of LOCALES) {
  for (const f of files[l] ?? []) {
    if (!f.endsWith('.json') && !f.endsWith('.md')) problem(`${l}/${f}: unexpected file type`);
  }
}

const parsed = {};
for (const l of LOCALES) {
  parsed[l] = {};
  for (const f of files[l] ?? []) {
    const where = `${l}/${f}`;
    const text = readFileSync(join(ROOT, l, f), 'utf8');
    if (f.endsWith('.json')) {
      try {
        parsed[l][f] = JSON.parse(text);
        checkStrings(parsed[l][f], where);
      } catch (e) {
        problem(`${where}: invalid JSON (${e.message})`);
      }
    } else if (f.endsWith('.md')) {
      parsed[l][f] = parseFrontMatter(text, where);
      if (l === DEFAULT_LOCALE && parsed[l][f]) {
        for (const [prefix, [min, max]] of Object.entries(WORD_BOUNDS)) {
          if (!f.startsWith(prefix)) continue;
          const n = wordCount(parsed[l][f].body);
          if (n < min || n > max) problem(`${where}: ${n} words, expected ${min}–${max}`);
        }
      }
    }
  }
}

for (const l of LOCALES) {
  if (l === DEFAULT_LOCALE) continue;
  for (const f of enFiles) {
    const en = parsed[DEFAULT_LOCALE][f];
    const tr = parsed[l]?.[f];
    if (en === undefined || tr === undefined || en === null || tr === null) continue;
    if (f.endsWith('.json')) compareJson(en, tr, `${l}/${f}`, l);
    else if (f.endsWith('.md')) {
      if (en.meta.bonusCode !== tr.meta.bonusCode) problem(`${l}/${f}: bonusCode differs from ${DEFAULT_LOCALE}`);
      for (const key of ['title', 'description']) {
        const ep = placeholders(en.meta[key] ?? '');
        const tp = placeholders(tr.meta[key] ?? '');
        for (const p of ep) if (!tp.has(p)) problem(`${l}/${f}: placeholder ${p} missing in ${key}`);
      }
      for (const p of placeholders(en.body)) {
        if (!placeholders(tr.body).has(p)) problem(`${l}/${f}: placeholder ${p} missing in body`);
      }
    }
  }
}

// Questions pages: shape.
for (const l of LOCALES) {
  for (const [f, v] of Object.entries(parsed[l] ?? {})) {
    if (!f.startsWith('pages/questions/') || !v) continue;
    const where = `${l}/${f}`;
    if (typeof v.title !== 'string') problem(`${where}: title must be a string`);
    if (typeof v.description !== 'string') problem(`${where}: description must be a string`);
    if (typeof v.order !== 'number') problem(`${where}: order must be a number`);
    if (!Array.isArray(v.items) || v.items.length < 4 || v.items.length > 7) {
      problem(`${where}: items must be an array of 4 to 7 entries`);
    } else {
      v.items.forEach((it, i) => {
        if (typeof it?.question !== 'string' || typeof it?.answer !== 'string') {
          problem(`${where}: items[${i}] needs string question and answer`);
        }
      });
    }
  }
}

// Alerts: each entry is { title, text }.
for (const l of LOCALES) {
  const alerts = parsed[l]?.['alerts.json'];
  if (!alerts) continue;
  for (const [id, v] of Object.entries(alerts)) {
    if (
      typeOf(v) !== 'object' ||
      typeof v.title !== 'string' ||
      typeof v.text !== 'string' ||
      Object.keys(v).length !== 2
    ) {
      problem(`${l}/alerts.json: ${id} must be exactly { "title": string, "text": string }`);
    }
  }
}

// Route rules (not per locale).
const rulesPath = join(ROOT, 'route-rules.json');
if (!existsSync(rulesPath)) problem('route-rules.json: missing');
else {
  try {
    const rules = JSON.parse(readFileSync(rulesPath, 'utf8'));
    if (!Array.isArray(rules.redirects)) problem('route-rules.json: "redirects" must be an array');
    else {
      const seen = new Set();
      rules.redirects.forEach((r, i) => {
        const where = `route-rules.json: redirects[${i}]`;
        if (typeof r.from !== 'string' || !r.from.startsWith('/'))
          problem(`${where}: "from" must be a path starting with /`);
        if (typeof r.to !== 'string' || !(r.to.startsWith('/') || /^https?:\/\//.test(r.to))) {
          problem(`${where}: "to" must be a path or an http(s) URL`);
        }
        if (![301, 302, 307, 308].includes(r.status)) problem(`${where}: "status" must be 301, 302, 307 or 308`);
        if (seen.has(r.from)) problem(`${where}: duplicate "from" ${r.from}`);
        seen.add(r.from);
      });
    }
  } catch (e) {
    problem(`route-rules.json: invalid JSON (${e.message})`);
  }
}

const counts = LOCALES.map((l) => `${l}: ${(files[l] ?? []).length}`).join(', ');
if (warnings.length) {
  console.log(`${warnings.length} warning(s) (strings identical to English, check they are brand or game names):`);
  for (const w of warnings) console.log(`  ~ ${w}`);
}
if (problems.length) {
  console.error(`${problems.length} problem(s) found:`);
  for (const p of problems) console.error(`  - ${p}`);
  console.error(`files per locale: ${counts}`);
  process.exit(1);
}
console.log(`content OK — files per locale: ${counts}`);
