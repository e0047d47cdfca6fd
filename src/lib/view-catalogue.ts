import type { IconName } from './icons';

/**
 * The one list of the app's views, in the sidebar's order (Alt+1..6 follow it): each view's id, its
 * sidebar icon, whether it is in the first load, and whether it draws charts (its loading line says so). The View type, the sidebar, the
 * shortcuts and the view switch (app.tsx VIEW_COMPONENTS) derive from it; a view's words are
 * ui:view.<id>.title and ui:view.<id>.sub. Adding a view: an entry here, its component in app.tsx, its
 * file in src/views/, its words.
 */
export const VIEWS = [
  { id: 'environments', icon: 'server', eager: true },
  { id: 'advice', icon: 'check' },
  { id: 'results', icon: 'chart', charts: true },
  { id: 'history', icon: 'history' },
  { id: 'compare', icon: 'compare', charts: true },
  { id: 'share', icon: 'share' },
] as const satisfies readonly ViewSpec[];

/** What the app knows of a view: its id, its icon, whether it is in the first load (eager; else its chunk loads on first use) and whether it draws charts. */
interface ViewSpec {
  id: string;
  icon: IconName;
  eager?: boolean;
  charts?: boolean;
}

/** A view of the app. */
export type View = (typeof VIEWS)[number]['id'];

/** The views in the sidebar's order. */
export const VIEW_ORDER: readonly View[] = VIEWS.map((v) => v.id);

/** A view's catalogue entry. */
export function viewSpec(view: View): ViewSpec {
  return VIEWS.find((v) => v.id === view)!;
}
