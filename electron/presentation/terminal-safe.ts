/**
 * Names from outside (domain, instance and machine names, file paths, a guest's error text, what the
 * user typed) are printed as data: escape sequences, control characters and bidi overrides in them
 * must not move the cursor, retitle or clear the terminal, or reorder what the reader sees.
 */

/** ESC sequences (CSI, OSC, DCS/SOS/PM/APC strings, two-byte forms) and their 8-bit C1 forms. */
const ESCAPES =
  /\u001b\[[0-?]*[ -/]*[@-~]?|\u009b[0-?]*[ -/]*[@-~]?|(?:\u001b[\]PX^_]|[\u0090\u0098\u009d-\u009f])[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?|\u001b[\s\S]?/g;
/** Every other control character but newline and tab, and the bidi embeddings, overrides and isolates (U+202A–202E, U+2066–2069). */
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
/** What JSON text must not carry raw: DEL, C1 controls and bidi controls (JSON.stringify already escapes C0). */
const JSON_RAW = /[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** Text with terminal control sequences, control characters and bidi controls removed (newlines and tabs kept). */
export function terminalSafe(text: string): string {
  return text.replace(ESCAPES, '').replace(CONTROLS, '');
}

/** JSON text (as JSON.stringify writes it) whose strings cannot act on a terminal: DEL, C1 and bidi controls escaped as \uXXXX, the same data. */
export function jsonSafe(json: string): string {
  return json.replace(JSON_RAW, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Pretty JSON whose strings cannot act on a terminal (see jsonSafe). */
export function jsonText(value: unknown): string {
  return jsonSafe(JSON.stringify(value, null, 2));
}
