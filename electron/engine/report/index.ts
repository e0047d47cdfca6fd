/** Exports of a run (Markdown, CSV, JSON) and the share card; everything here is redacted first. */
import type { ExportFormat, Run } from '../../contract/contract.js';
import type { Lang } from '../../messages/i18n.js';
import { runToCsv } from './csv.js';
import { fileSafe } from './format.js';
import { runToJson } from './json.js';
import { runToMarkdown } from './markdown.js';
import { redactText, type RedactContext } from './redact.js';

export { redactRun, redactText, redactComparison, makeRedactor, projectsOf, type RedactContext, type Redactor } from './redact.js';
export { runToMarkdown, comparisonToMarkdown } from './markdown.js';
export { runToCsv, csvField, CSV_COLUMNS } from './csv.js';
export { runToJson } from './json.js';
export { comparisonToCsv, comparisonToJson, exportComparison, COMPARE_CSV_COLUMNS } from './compare-export.js';
export { renderCardSvg, MAX_CARD_ROWS, type CardOptions } from './card-svg.js';
export { renderCardPng, cardFilename, cardFontFiles, japaneseFontFiles, svgToPng, CARD_SIZE } from './card.js';

/** An export ready to save or send: file name, MIME type and text. */
export interface ExportFile {
  filename: string;
  mime: string;
  content: string;
}

const KIND: Record<ExportFormat, { ext: string; mime: string; render: (run: Run, ctx?: RedactContext, lang?: Lang) => string }> = {
  md: { ext: 'md', mime: 'text/markdown; charset=utf-8', render: runToMarkdown },
  csv: { ext: 'csv', mime: 'text/csv; charset=utf-8', render: runToCsv },
  json: { ext: 'json', mime: 'application/json', render: runToJson },
};

/** A run exported as Markdown (in a language), CSV or JSON (language-neutral), redacted, with a file name and MIME type. */
export function exportRun(run: Run, format: ExportFormat, ctx?: RedactContext, lang: Lang = 'en'): ExportFile {
  const kind = KIND[format];
  if (!kind) throw new Error(`unknown export format: ${String(format)}`);
  return { filename: `vmbench-${fileSafe(redactText(run.id, ctx))}.${kind.ext}`, mime: kind.mime, content: kind.render(run, ctx, lang) };
}
