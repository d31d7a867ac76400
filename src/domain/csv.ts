/**
 * A small RFC 4180 CSV reader tuned for the rate-code import: lines without a quote take a fast
 * indexOf path; quoted fields (with "" escapes, commas and line breaks inside) take a careful one.
 * Pure: runs in the worker and on the gateway.
 */

/** Calls `onRow(fields, lineNumber)` for each record; lineNumber is 1-based and counts physical lines. */
export function forEachCsvRecord(text: string, onRow: (fields: string[], line: number) => void): void {
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const end = text.length;
  let line = 1;
  while (pos < end) {
    let nl = text.indexOf('\n', pos);
    if (nl === -1) nl = end;
    const quote = text.indexOf('"', pos);
    if (quote === -1 || quote > nl) {
      // fast path: no quote on this line
      const stop = nl > pos && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
      const fields: string[] = [];
      let start = pos;
      let comma = text.indexOf(',', start);
      while (comma !== -1 && comma < stop) {
        fields.push(text.slice(start, comma));
        start = comma + 1;
        comma = text.indexOf(',', start);
      }
      fields.push(text.slice(start, stop));
      onRow(fields, line);
      line += 1;
      pos = nl + 1;
      continue;
    }
    const startLine = line;
    const fields: string[] = [];
    let field = '';
    let i = pos;
    let inQuotes = false;
    for (;;) {
      if (i >= end) {
        fields.push(field);
        pos = end;
        break;
      }
      const c = text.charCodeAt(i);
      if (inQuotes) {
        if (c === 34) {
          if (text.charCodeAt(i + 1) === 34) {
            field += '"';
            i += 2;
          } else {
            inQuotes = false;
            i += 1;
          }
        } else {
          if (c === 10) line += 1;
          field += text[i];
          i += 1;
        }
      } else if (c === 34) {
        inQuotes = true;
        i += 1;
      } else if (c === 44) {
        fields.push(field);
        field = '';
        i += 1;
      } else if (c === 10 || (c === 13 && text.charCodeAt(i + 1) === 10)) {
        fields.push(field);
        pos = i + (c === 13 ? 2 : 1);
        break;
      } else {
        field += text[i];
        i += 1;
      }
    }
    onRow(fields, startLine);
    line += 1;
  }
}
