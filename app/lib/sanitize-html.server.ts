import sanitize, { type Attributes, type IOptions } from "sanitize-html";

/**
 * The allow-list HTML sanitiser for the company's custom HTML block, run on the server when
 * it is saved (decisions 0082 and 0242). The parsing and rebuilding is `sanitize-html`
 * (htmlparser2): only listed elements and attributes survive, attribute values are decoded,
 * checked and re-escaped, URLs keep only safe schemes, script-like elements go with their
 * content, comments and doctypes go. What is ours: the lists below, images' data: URLs only
 * as base64 png/jpeg/gif/webp, `rel="noopener noreferrer"` beside `target="_blank"` (the only
 * target kept), and inline styles kept whole unless they load or run something.
 */
const ALLOWED_TAGS = [
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
];
/** Elements removed together with everything inside them. */
const DROP_WITH_CONTENT = [
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
];
const GLOBAL_ATTRIBUTES = [
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
];

const OPTIONS: IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { "*": GLOBAL_ATTRIBUTES, a: ["href", "target", "rel"], img: ["src", "alt"] },
  allowedSchemes: ["https", "http", "mailto", "tel"],
  allowedSchemesByTag: { img: ["https", "http", "data"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  disallowedTagsMode: "discard",
  nonTextTags: DROP_WITH_CONTENT,
  // Styles are checked whole by safeStyle (below), not parsed and filtered property by property.
  parseStyleAttributes: false,
  transformTags: { "*": (tagName, attribs) => ({ tagName, attribs: checkedAttributes(tagName, attribs) }) },
};

export function sanitizeHtml(input: string): string {
  return sanitize(input, OPTIONS);
}

function checkedAttributes(tag: string, attribs: Attributes): Attributes {
  const out: Attributes = { ...attribs };
  if (out.style !== undefined) {
    const style = safeStyle(out.style);
    if (style) out.style = style;
    else delete out.style;
  }
  if (tag === "img" && out.src !== undefined) {
    // eslint-disable-next-line no-control-regex
    const compact = out.src.replace(/[\x00-\x20\x7f]+/g, "");
    if (/^data:/i.test(compact)) {
      if (/^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=]+$/i.test(compact)) out.src = compact;
      else delete out.src;
    }
  }
  if (tag === "a") {
    if (out.target !== undefined && out.target !== "_blank") delete out.target;
    if (out.target === "_blank") {
      delete out.rel;
      out.rel = "noopener noreferrer";
    }
  }
  return out;
}

/** Inline styles without anything that loads or runs: no url(), image-set(), @import, expression() or behaviours. */
function safeStyle(value: string): string {
  const compact = value.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\\/g, "");
  if (/url\s*\(|image-set\s*\(|@import|expression\s*\(|javascript:|behavior|-moz-binding|[<>]/i.test(compact)) return "";
  return compact.trim();
}
