import type { BrowserWindow, Rectangle } from 'electron';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { atomicWriteSync } from '../engine/util/atomic-write.js';

/** Size, position and maximized state of the main window, as remembered between starts. */
export interface WindowState {
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

/** Smallest window the layout still works in. */
export const MIN_WIDTH = 960;
/** Smallest window height the layout still works in. */
export const MIN_HEIGHT = 600;
/** Size of the first window, centered on the primary display. */
export const DEFAULT_WINDOW_STATE: WindowState = { width: 1280, height: 820, maximized: false };

/** Where the window state lives in the data folder. */
export function windowStateFile(dataDir: string): string {
  return join(dataDir, 'window-state.json');
}

/** Reads the saved state; the default when the file is missing or malformed. */
export function readWindowState(dataDir: string): WindowState {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(windowStateFile(dataDir), 'utf8'));
  } catch {
    return { ...DEFAULT_WINDOW_STATE };
  }
  const o = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
  if (!num(o.width) || !num(o.height) || o.width <= 0 || o.height <= 0) return { ...DEFAULT_WINDOW_STATE };
  const state: WindowState = { width: Math.round(o.width), height: Math.round(o.height), maximized: o.maximized === true };
  if (num(o.x) && num(o.y)) Object.assign(state, { x: Math.round(o.x), y: Math.round(o.y) });
  return state;
}

/** Writes the state with the atomic writer (synchronously: it is also saved as the window closes). */
export function writeWindowState(dataDir: string, state: WindowState): void {
  mkdirSync(dataDir, { recursive: true });
  atomicWriteSync(windowStateFile(dataDir), `${JSON.stringify(state)}\n`);
}

function overlap(a: Rectangle, b: Rectangle): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(v, hi));
}

/**
 * Fits a state onto the displays' work areas (primary first): the window goes to the display
 * it overlaps most and lies fully inside it; a window that overlaps none (saved on a monitor
 * that is gone) is centered on the primary display. Sizes shrink to fit, never below the minimum.
 */
export function fitToDisplays(state: WindowState, workAreas: Rectangle[]): WindowState {
  if (workAreas.length === 0) return { ...state };
  const saved = state.x !== undefined && state.y !== undefined ? { x: state.x, y: state.y, width: state.width, height: state.height } : null;
  let area = workAreas[0];
  let best = 0;
  if (saved) for (const wa of workAreas) if (overlap(saved, wa) > best) [area, best] = [wa, overlap(saved, wa)];
  const width = Math.max(MIN_WIDTH, Math.min(state.width, area.width));
  const height = Math.max(MIN_HEIGHT, Math.min(state.height, area.height));
  const centered = { x: area.x + Math.round((area.width - width) / 2), y: area.y + Math.round((area.height - height) / 2) };
  const pos = saved && best > 0 ? { x: saved.x, y: saved.y } : centered;
  return {
    x: clamp(pos.x, area.x, Math.max(area.x, area.x + area.width - width)),
    y: clamp(pos.y, area.y, Math.max(area.y, area.y + area.height - height)),
    width,
    height,
    maximized: state.maximized,
  };
}

/** Saves the window's state on close at once and, debounced, whenever it is moved or resized. */
export function trackWindowState(win: BrowserWindow, dataDir: string, debounceMs = 500): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = (): void => {
    clearTimeout(timer);
    timer = undefined;
    if (win.isDestroyed()) return;
    const bounds = win.getNormalBounds();
    try {
      writeWindowState(dataDir, { ...bounds, maximized: win.isMaximized() });
    } catch (err) {
      // Losing the window position is not worth failing over; say so and go on.
      console.warn(`vmbench: could not save the window state: ${(err as Error).message}`);
    }
  };
  const later = (): void => {
    clearTimeout(timer);
    timer = setTimeout(save, debounceMs);
  };
  const events = ['resize', 'move', 'maximize', 'unmaximize'] as const;
  for (const e of events) win.on(e, later);
  win.on('close', save);
  return () => {
    clearTimeout(timer);
    for (const e of events) win.removeListener(e, later);
    win.removeListener('close', save);
  };
}
