/**
 * Names from outside (domain, instance and machine names, file paths) are printed as data: escape
 * sequences and control characters in them must not move the cursor, retitle or clear the terminal.
 */

/** ESC sequences (CSI, OSC, DCS/SOS/PM/APC strings, two-byte forms) and their 8-bit C1 forms. */
const ESCAPES = /\u001b\[[0-?]*[ -/]*[@-~]?|\u009b[0-?]*[ -/]*[@-~]?|(?:\u001b[\]PX^_]|[\u0090\u0098\u009d-\u009f])[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?|\u001b[\s\S]?/g;
/** Every other control character but newline and tab. */
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Text with terminal control sequences and control characters removed (newlines and tabs kept). */
export function terminalSafe(text: string): string {
  return text.replace(ESCAPES, '').replace(CONTROLS, '');
}

/** Pretty JSON whose strings cannot act on a terminal: C1 controls and DEL escaped as \u00XX (JSON.stringify already escapes C0). */
export function jsonText(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/[\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
