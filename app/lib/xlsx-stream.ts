import { Zip, ZipPassThrough } from "fflate";

/**
 * An xlsx written as a stream (decisions 0178, 0211 and 0242): the workbook is a ZIP (fflate's
 * streaming Zip: headers, CRC-32, sizes in data descriptors, the central directory) whose
 * entries are deflated by the runtime's CompressionStream while their rows are produced, so
 * memory stays at one page of rows (and the compressor's window) whatever the row count.
 * Cells are numbers, dates or inline strings; no shared-string table to hold. Each sheet has
 * a bold, frozen header row, and optionally column widths, number formats and an autofilter
 * over the header.
 */
export type XlsxCell = string | number | Date | null;

/** A column's number format: a date (yyyy-mm-dd), one decimal, or an amount with two. */
export type XlsxFormat = "date" | "0.0" | "#,##0.00";

export interface XlsxColumn {
  header: string;
  width?: number;
  format?: XlsxFormat;
}

export interface XlsxSheet {
  name: string;
  columns: XlsxColumn[];
  /** An autofilter over the header row. */
  autoFilter?: boolean;
  pages: AsyncIterable<XlsxCell[][]> | Iterable<XlsxCell[][]>;
}

/** Style ids in STYLES' cellXfs: 0 plain, 1 bold (headers), then one per format. */
const HEADER_STYLE = 1;
const FORMAT_STYLE: Record<XlsxFormat, number> = { date: 2, "0.0": 3, "#,##0.00": 4 };
const DAY_MS = 86_400_000;
/** Excel's day number of 1970-01-01 (its 1900 date system). */
const EXCEL_EPOCH_DAYS = 25_569;

const encoder = new TextEncoder();

function escapeXml(text: string): string {
  // Control characters other than tab and newline are not allowed in XML 1.0.
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, "")
      .replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!)
  );
}

function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function rowXml(cells: XlsxCell[], rowNumber: number, styles: readonly number[] = []): string {
  const parts = cells.map((cell, i) => {
    const ref = `${columnName(i)}${rowNumber}`;
    const s = styles[i] ? ` s="${styles[i]}"` : "";
    const value = cell instanceof Date ? cell.getTime() / DAY_MS + EXCEL_EPOCH_DAYS : cell;
    if (value === null || value === "") return "";
    if (typeof value === "number") return Number.isFinite(value) ? `<c r="${ref}"${s}><v>${value}</v></c>` : "";
    return `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`;
  });
  return `<row r="${rowNumber}">${parts.join("")}</row>`;
}

function headerXml(columns: XlsxColumn[]): string {
  const cells = columns.map(
    (c, i) => `<c r="${columnName(i)}1" s="${HEADER_STYLE}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(c.header)}</t></is></c>`,
  );
  return `<row r="1" s="${HEADER_STYLE}" customFormat="1">${cells.join("")}</row>`;
}

function contentTypes(sheets: number) {
  const overrides = Array.from(
    { length: sheets },
    (_, i) =>
      `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
  ).join("");
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${overrides}<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;
}
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
function workbookRels(sheets: number) {
  const rels = Array.from(
    { length: sheets },
    (_, i) =>
      `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
  ).join("");
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels}<Relationship Id="rId${sheets + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;
}
const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/><numFmt numFmtId="165" formatCode="0.0"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="5"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>`;

const filterRange = (columns: number) => `$A$1:$${columnName(columns - 1)}$1`;
const quotedSheet = (name: string) => `'${name.replace(/'/g, "''")}'`;

function workbookXml(sheets: XlsxSheet[]) {
  const list = sheets.map((sheet, i) => `<sheet name="${escapeXml(sheet.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join("");
  // Excel names each sheet's filter range; a workbook without the names opens, but Excel repairs it.
  const names = sheets
    .map((sheet, i) =>
      sheet.autoFilter
        ? `<definedName name="_xlnm._FilterDatabase" localSheetId="${i}" hidden="1">${escapeXml(quotedSheet(sheet.name))}!${filterRange(sheet.columns.length)}</definedName>`
        : "",
    )
    .join("");
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${list}</sheets>${names ? `<definedNames>${names}</definedNames>` : ""}</workbook>`;
}

/**
 * An entry whose bytes the runtime's CompressionStream deflates (native zlib, several times
 * faster than deflate in JavaScript): `push` gives fflate the raw bytes, for the CRC and size
 * it writes; `deflated` hands it the compressed ones.
 */
class NativeDeflateEntry extends ZipPassThrough {
  constructor(filename: string) {
    super(filename);
    this.compression = 8;
  }
  protected process(): void {}
  deflated(chunk: Uint8Array<ArrayBuffer>, final: boolean) {
    this.ondata(null, chunk, final);
  }
}

/** The workbook as a byte stream: each sheet's header row, then its rows as its `pages` yield them. */
export function xlsxWorkbookStream(sheets: XlsxSheet[]): ReadableStream<Uint8Array> {
  async function* sheetXml(sheet: XlsxSheet) {
    const cols = sheet.columns.some((c) => c.width)
      ? `<cols>${sheet.columns.map((c, i) => (c.width ? `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>` : "")).join("")}</cols>`
      : "";
    yield `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>${cols}<sheetData>`;
    yield headerXml(sheet.columns);
    const styles = sheet.columns.map((c) => (c.format ? FORMAT_STYLE[c.format] : 0));
    let rowNumber = 1;
    for await (const page of sheet.pages) yield page.map((cells) => rowXml(cells, ++rowNumber, styles)).join("");
    const filter = sheet.autoFilter ? `<autoFilter ref="A1:${columnName(sheet.columns.length - 1)}1"/>` : "";
    yield `</sheetData>${filter}</worksheet>`;
  }
  const files: [string, () => AsyncIterable<string> | Iterable<string>][] = [
    ["[Content_Types].xml", () => [contentTypes(sheets.length)]],
    ["_rels/.rels", () => [ROOT_RELS]],
    ["xl/workbook.xml", () => [workbookXml(sheets)]],
    ["xl/_rels/workbook.xml.rels", () => [workbookRels(sheets.length)]],
    ["xl/styles.xml", () => [STYLES]],
    ...sheets.map((sheet, i): [string, () => AsyncIterable<string>] => [`xl/worksheets/sheet${i + 1}.xml`, () => sheetXml(sheet)]),
  ];
  async function* zip() {
    // fflate calls back synchronously as it writes: each piece of output is taken right after it.
    const out: Uint8Array[] = [];
    let failure: Error | null = null;
    const archive = new Zip((error, chunk) => {
      if (error) failure = error;
      else out.push(chunk);
    });
    function* taken() {
      if (failure) throw failure;
      while (out.length > 0) yield out.shift()!;
    }
    for (const [path, pieces] of files) {
      const entry = new NativeDeflateEntry(path);
      archive.add(entry);
      const deflate = new CompressionStream("deflate-raw");
      const writer = deflate.writable.getWriter();
      const feeding = (async () => {
        for await (const piece of pieces()) {
          const bytes = encoder.encode(piece);
          entry.push(bytes);
          await writer.write(bytes);
        }
        entry.push(new Uint8Array(0), true);
        await writer.close();
      })();
      // A failing page (a query) fails the compressor too, so the read below ends.
      feeding.catch((error: unknown) => writer.abort(error).catch(() => {}));
      const reader = deflate.readable.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        entry.deflated(value, false);
        yield* taken();
      }
      await feeding;
      entry.deflated(new Uint8Array(0), true);
      yield* taken();
    }
    archive.end();
    yield* taken();
  }
  const iterator = zip();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await iterator.next();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    async cancel() {
      await iterator.return(undefined);
    },
  });
}

/** A one-sheet workbook: a bold, frozen header row, then the rows as `pages` yields them. */
export function xlsxStream(sheetName: string, header: string[], pages: AsyncIterable<XlsxCell[][]>): ReadableStream<Uint8Array> {
  return xlsxWorkbookStream([{ name: sheetName, columns: header.map((h) => ({ header: h })), pages }]);
}
