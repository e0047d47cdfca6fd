import { lazy, Suspense, type ComponentType, type JSX } from 'react';
import { ErrorBanners } from './components/error-banners';
import { RunControls } from './components/run-controls';
import { RunPanel } from './components/run-panel';
import { RunPlan } from './components/run-plan';
import { Sidebar } from './components/sidebar';
import { ViewHeading } from './components/view-heading';
import { useAppStore, type View } from './store/app-store';
import { EnvironmentsView } from './views/environments/environments-view';
import { Spinner } from './components/spinner';
import { useUi } from './lib/use-ui';
import { useHeaderCollapsed } from './lib/use-header-collapse';
import { loadCatalogues } from './lib/catalogue-chunks';
import { uiLang } from './lib/i18n';
import { viewSpec } from './lib/view-catalogue';

// Only the first screen (Environments) is in the first load; every other view loads on first use, and
// the two with charts bring recharts with them. Views that give advice fetch its words alongside their code.
function withAdvice<M>(view: Promise<M>): Promise<M> {
  return Promise.all([view, loadCatalogues(uiLang(), ['advice'])]).then(([m]) => m);
}
const ResultsView = lazy(() => withAdvice(import('./views/results/results-view')).then((m) => ({ default: m.ResultsView })));
const CompareView = lazy(() => import('./views/compare/compare-view').then((m) => ({ default: m.CompareView })));
const HistoryView = lazy(() => import('./views/history/history-view').then((m) => ({ default: m.HistoryView })));
const AdviceView = lazy(() => withAdvice(import('./views/advice/advice-view')).then((m) => ({ default: m.AdviceView })));
const ShareView = lazy(() => import('./views/share/share-view').then((m) => ({ default: m.ShareView })));

/** Each view's component (the catalogue, lib/view-catalogue.ts, lists the views). */
const VIEW_COMPONENTS: Record<View, ComponentType> = {
  environments: EnvironmentsView,
  advice: AdviceView,
  results: ResultsView,
  history: HistoryView,
  compare: CompareView,
  share: ShareView,
};

function CurrentView({ view }: { view: View }): JSX.Element {
  const { t } = useUi();
  const Component = VIEW_COMPONENTS[view];
  // The first screen is in the first load; every other view waits for its chunk (with charts: says so).
  if (viewSpec(view).eager) return <Component />;
  return (
    <Suspense fallback={<Spinner label={viewSpec(view).charts ? t('app.loadingCharts') : undefined} />}>
      <Component />
    </Suspense>
  );
}

/** The app shell: sidebar, header with the run controls and the live run panel (both stay in view), banners, current view. */
export function App(): JSX.Element {
  const { t } = useUi();
  const view = useAppStore((s) => s.view);
  const collapsed = useHeaderCollapsed();
  return (
    <div className="app">
      <a className="skip-link" href="#content">
        {t('app.skip')}
      </a>
      <Sidebar />
      <div className="main">
        <div className="top-stack" data-collapsed={collapsed} data-testid="top-stack">
          <header className="topbar">
            <div className="topbar-title">
              <ViewHeading view={view} title={t(`view.${view}.title`)} />
              <p className="muted" title={t(`view.${view}.sub`)}>
                {t(`view.${view}.sub`)}
              </p>
            </div>
            <RunControls />
            <RunPlan />
          </header>
          <RunPanel />
        </div>
        <ErrorBanners />
        <main className="content" id="content" tabIndex={-1} data-testid={`view-${view}`}>
          <CurrentView view={view} />
        </main>
      </div>
    </div>
  );
}
