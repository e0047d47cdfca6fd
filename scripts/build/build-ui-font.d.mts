/** Where the UI fonts and their manifest live. */
export const UI_FONT_DIR: string;
/** The weights the CSS asks for and their source files. */
export const UI_FONT_WEIGHTS: [number, string][];
/** The file of one weight. */
export function uiFontFile(weight: number): string;
/** True for a character the font's unicode-range sends to this font. */
export function inUiFontRange(ch: string): boolean;
/** The characters of the ja catalogues and the source within the font's unicode-range, sorted. */
export function uiTextChars(): string;
/** The characters the subset must hold, sorted. */
export function uiFontChars(): string;
/** The manifest written next to the fonts. */
export function readUiFontManifest(): { source: string; chars: string; files: Record<string, string> };
/** sha256 of a file, hex. */
export function sha256(file: string): string;
/** Writes the subset fonts, the licence and the manifest. */
export function buildUiFonts(opts?: { quiet?: boolean }): Promise<void>;
