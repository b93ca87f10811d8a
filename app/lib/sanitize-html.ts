/**
 * An allow-list HTML sanitiser for the company's custom HTML block, run when it is saved
 * (decision 0082). Every tag is rebuilt from what was parsed: only listed elements and
 * attributes survive, attribute values are entity-decoded, checked and re-escaped, URLs
 * keep only safe schemes, and script-like elements are dropped with their content.
 * Comments, doctypes and processing instructions go; a stray `<` becomes text. It runs
 * in the browser too (the editor's preview shows what will be saved).
 */
const ALLOWED_TAGS = new Set([
  "a",
  "abbr",
  "b",
  "blockquote",
  "br",
  "caption",
  "center",
  "code",
  "col",
  "colgroup",
  "dd",
  "div",
  "dl",
  "dt",
  "em",
  "figcaption",
  "figure",
  "font",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "hr",
  "i",
  "img",
  "li",
  "ol",
  "p",
  "pre",
  "s",
  "small",
  "span",
  "strong",
  "sub",
  "sup",
  "table",
  "tbody",
  "td",
  "tfoot",
  "th",
  "thead",
  "tr",
  "u",
  "ul",
]);
const VOID_TAGS = new Set(["br", "hr", "img", "col"]);
/** Elements removed together with everything inside them. */
const DROP_WITH_CONTENT = new Set([
  "script",
  "style",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "template",
  "noscript",
  "noembed",
  "noframes",
  "textarea",
  "title",
  "xmp",
  "plaintext",
  "svg",
  "math",
  "select",
  "option",
  "head",
]);
const GLOBAL_ATTRIBUTES = new Set([
  "class",
  "id",
  "style",
  "title",
  "align",
  "valign",
  "width",
  "height",
  "colspan",
  "rowspan",
  "color",
  "bgcolor",
  "border",
  "cellpadding",
  "cellspacing",
  "dir",
  "lang",
  "face",
  "size",
]);
const TAG_ATTRIBUTES: Record<string, Set<string>> = {
  a: new Set(["href", "target", "rel"]),
  img: new Set(["src", "alt"]),
};
const URL_ATTRIBUTES = new Set(["href", "src"]);

export function sanitizeHtml(input: string): string {
  let out = "";
  let i = 0;
  const lower = input.toLowerCase();
  while (i < input.length) {
    const lt = input.indexOf("<", i);
    if (lt < 0) {
      out += escapeText(input.slice(i));
      break;
    }
    out += escapeText(input.slice(i, lt));
    if (input.startsWith("<!--", lt)) {
      const end = input.indexOf("-->", lt + 4);
      i = end < 0 ? input.length : end + 3;
      continue;
    }
    if (input[lt + 1] === "!" || input[lt + 1] === "?") {
      const end = input.indexOf(">", lt);
      i = end < 0 ? input.length : end + 1;
      continue;
    }
    const closing = /^<\/([a-zA-Z][a-zA-Z0-9-]*)[^>]*>/.exec(input.slice(lt, lt + 200));
    if (closing) {
      const name = closing[1].toLowerCase();
      if (ALLOWED_TAGS.has(name) && !VOID_TAGS.has(name)) out += `</${name}>`;
      i = lt + closing[0].length;
      continue;
    }
    const open = /^<([a-zA-Z][a-zA-Z0-9-]*)/.exec(input.slice(lt, lt + 100));
    if (!open) {
      out += "&lt;";
      i = lt + 1;
      continue;
    }
    const name = open[1].toLowerCase();
    const tagEnd = findTagEnd(input, lt + open[0].length);
    const attributeText = input.slice(lt + open[0].length, tagEnd < 0 ? input.length : tagEnd);
    i = tagEnd < 0 ? input.length : tagEnd + 1;
    if (DROP_WITH_CONTENT.has(name)) {
      const close = lower.indexOf(`</${name}`, i);
      if (close < 0) i = input.length;
      else {
        const end = input.indexOf(">", close);
        i = end < 0 ? input.length : end + 1;
      }
      continue;
    }
    if (!ALLOWED_TAGS.has(name)) continue;
    out += `<${name}${sanitizeAttributes(name, attributeText)}>`;
  }
  return out;
}

/** The `>` that ends a tag, skipping quoted attribute values. */
function findTagEnd(input: string, from: number): number {
  let quote: string | null = null;
  for (let j = from; j < input.length; j++) {
    const c = input[j];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === ">") return j;
  }
  return -1;
}

function sanitizeAttributes(tag: string, text: string): string {
  const allowed = TAG_ATTRIBUTES[tag];
  const seen = new Set<string>();
  let out = "";
  const pattern = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const match of text.matchAll(pattern)) {
    const name = match[1].toLowerCase();
    if (seen.has(name) || !(GLOBAL_ATTRIBUTES.has(name) || allowed?.has(name))) continue;
    seen.add(name);
    let value = decodeEntities(match[2] ?? match[3] ?? match[4] ?? "");
    if (URL_ATTRIBUTES.has(name)) {
      const url = safeUrl(value, name === "src");
      if (url === null) continue;
      value = url;
    }
    if (name === "style") value = safeStyle(value);
    if (name === "target" && value !== "_blank") continue;
    out += ` ${name}="${escapeAttribute(value)}"`;
  }
  if (tag === "a" && seen.has("target")) out = out.replace(/ rel="[^"]*"/, "") + ' rel="noopener noreferrer"';
  return out;
}

function safeUrl(value: string, isImage: boolean): string | null {
  // eslint-disable-next-line no-control-regex
  const compact = value.replace(/[\x00-\x20\x7f]+/g, "");
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(compact)?.[1].toLowerCase();
  if (!scheme) return value.trim(); // relative, a fragment, or a placeholder like USER_PHOTO_URL
  if (isImage) {
    if (scheme === "https" || scheme === "http") return value.trim();
    if (scheme === "data" && /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=]+$/i.test(compact)) return compact;
    return null;
  }
  return ["https", "http", "mailto", "tel"].includes(scheme) ? value.trim() : null;
}

/** Inline styles without anything that loads or runs: no url(), @import, expression() or behaviours. */
function safeStyle(value: string): string {
  const compact = value.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\\/g, "");
  if (/url\s*\(|@import|expression\s*\(|javascript:|behavior|-moz-binding|[<>]/i.test(compact)) return "";
  return compact;
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);?/gi, (whole, entity: string) => {
    if (entity[0] === "#") {
      const code = entity[1].toLowerCase() === "x" ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : "";
    }
    const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0", colon: ":", tab: "\t", newline: "\n" };
    return named[entity.toLowerCase()] ?? whole;
  });
}

function escapeAttribute(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

function escapeText(text: string): string {
  return text.replace(/>/g, "&gt;");
}
