import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BrowserWindow, fakeEngine, resetElectronMock, setDisplays } from '../mocks/electron.js';

vi.mock('electron', () => import('../mocks/electron.js'));
const ws = await import('../../electron/desktop/window-state.js');
const { startApp } = await import('../../electron/desktop/start-app.js');

const laptop = { x: 0, y: 25, width: 1440, height: 875 };
const external = { x: 1440, y: 0, width: 2560, height: 1440 };
let dataDir: string;

beforeEach(() => {
  resetElectronMock();
  dataDir = mkdtempSync(join(tmpdir(), 'vmbench-ws-'));
});
afterEach(() => {
  vi.useRealTimers();
  rmSync(dataDir, { recursive: true, force: true });
});

const saved = (): unknown => JSON.parse(readFileSync(join(dataDir, 'window-state.json'), 'utf8'));

describe('reading and writing', () => {
  it('falls back to 1280x820 when the file is missing or malformed', () => {
    expect(ws.readWindowState(dataDir)).toEqual({ width: 1280, height: 820, maximized: false });
    writeFileSync(join(dataDir, 'window-state.json'), '{"width": "wide"');
    expect(ws.readWindowState(dataDir)).toEqual(ws.DEFAULT_WINDOW_STATE);
    writeFileSync(join(dataDir, 'window-state.json'), '{"width": -3, "height": 500}');
    expect(ws.readWindowState(dataDir)).toEqual(ws.DEFAULT_WINDOW_STATE);
  });

  it('writes atomically and reads back what it wrote', () => {
    const nested = join(dataDir, 'not', 'yet');
    ws.writeWindowState(nested, { x: 10, y: 40, width: 1000, height: 700, maximized: true });
    expect(ws.readWindowState(nested)).toEqual({ x: 10, y: 40, width: 1000, height: 700, maximized: true });
    expect(readdirSync(nested)).toEqual(['window-state.json']);
  });
});

describe('fitting onto the displays', () => {
  it('keeps a window that is on screen where it was', () => {
    const state = { x: 100, y: 60, width: 1200, height: 780, maximized: false };
    expect(ws.fitToDisplays(state, [laptop, external])).toEqual(state);
    const onExternal = { x: 2000, y: 100, width: 1600, height: 1000, maximized: true };
    expect(ws.fitToDisplays(onExternal, [laptop, external])).toEqual(onExternal);
  });

  it('brings a window saved on a detached monitor back, centered on the primary display', () => {
    const state = { x: 3000, y: 200, width: 1280, height: 820, maximized: false };
    expect(ws.fitToDisplays(state, [laptop])).toEqual({ x: 80, y: 53, width: 1280, height: 820, maximized: false });
  });

  it('pulls a partly visible window fully onto the display it overlaps most, shrinking it to fit', () => {
    expect(ws.fitToDisplays({ x: -300, y: -50, width: 1280, height: 820, maximized: false }, [laptop])).toEqual({
      x: 0,
      y: 25,
      width: 1280,
      height: 820,
      maximized: false,
    });
    expect(ws.fitToDisplays({ x: 1300, y: 100, width: 3000, height: 2000, maximized: false }, [laptop, external])).toEqual({
      x: 1440,
      y: 0,
      width: 2560,
      height: 1440,
      maximized: false,
    });
  });

  it('never goes below the minimum size and centers a first window on the primary display', () => {
    expect(ws.fitToDisplays({ x: 10, y: 40, width: 200, height: 100, maximized: false }, [laptop])).toMatchObject({
      width: ws.MIN_WIDTH,
      height: ws.MIN_HEIGHT,
    });
    expect(ws.fitToDisplays(ws.DEFAULT_WINDOW_STATE, [external, laptop])).toEqual({ x: 2080, y: 310, width: 1280, height: 820, maximized: false });
  });
});

describe('tracking and restoring the main window', () => {
  const engine = () => fakeEngine();

  it('saves on resize (debounced) and at once on close, maximized state included', async () => {
    vi.useFakeTimers();
    await startApp({ createEngine: engine, dataDir, appRoot: '/opt/vmbench' });
    const win = BrowserWindow.windows[0];
    win.bounds = { x: 50, y: 60, width: 1100, height: 700 };
    win.emit('resize');
    win.emit('move');
    expect(readdirSync(dataDir)).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(saved()).toEqual({ x: 50, y: 60, width: 1100, height: 700, maximized: false });
    win.maximized = true;
    win.close();
    expect(saved()).toEqual({ x: 50, y: 60, width: 1100, height: 700, maximized: true });
  });

  it('restores size, position and maximized state on the next start', async () => {
    ws.writeWindowState(dataDir, { x: 200, y: 100, width: 1024, height: 700, maximized: true });
    await startApp({ createEngine: engine, dataDir, appRoot: '/opt/vmbench' });
    const win = BrowserWindow.windows[0];
    expect(win.options).toMatchObject({ x: 200, y: 100, width: 1024, height: 700, minWidth: ws.MIN_WIDTH, minHeight: ws.MIN_HEIGHT, show: false });
    expect(win.isMaximized()).toBe(true);
  });

  it('clamps a window saved on a monitor that is gone onto the remaining display', async () => {
    ws.writeWindowState(dataDir, { x: 2200, y: 300, width: 1600, height: 1000, maximized: false });
    setDisplays([laptop]);
    await startApp({ createEngine: engine, dataDir, appRoot: '/opt/vmbench' });
    expect(BrowserWindow.windows[0].options).toMatchObject({ x: 0, y: 25, width: 1440, height: 875 });
  });
});
