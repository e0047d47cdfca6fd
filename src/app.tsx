import { lazy, Suspense, type JSX } from 'react';
import { ErrorBanners } from './components/error-banners';
import { RunControls } from './components/run-controls';
import { RunPanel } from './components/run-panel';
import { RunPlan } from './components/run-plan';
import { Sidebar } from './components/sidebar';
import { useAppStore, type View } from './store/app-store';
import { EnvironmentsView } from './views/environments-view';
import { HistoryView } from './views/history-view';
import { AdviceView } from './views/advice-view';
import { ShareView } from './views/share-view';
import { Spinner } from './components/spinner';

// The two views with charts load recharts on first use: the first screen (Environments) comes up sooner.
const ResultsView = lazy(() => import('./views/results-view').then((m) => ({ default: m.ResultsView })));
const CompareView = lazy(() => import('./views/compare-view').then((m) => ({ default: m.CompareView })));

const TITLES: Record<View, { title: string; sub: string }> = {
  environments: { title: 'Environments', sub: 'Runtimes found on this machine and what they are set to' },
  advice: { title: 'What to change', sub: 'Recommendations ranked by the gain expected on this machine' },
  results: { title: 'Results', sub: 'Every test, every place, and how it compares to native' },
  history: { title: 'History', sub: 'Past runs, stored on this machine' },
  compare: { title: 'Compare', sub: 'Before and after, metric by metric' },
  share: { title: 'Share card', sub: 'A 1200×630 image, Markdown or JSON of a run' },
};

function CurrentView({ view }: { view: View }): JSX.Element {
  switch (view) {
    case 'environments':
      return <EnvironmentsView />;
    case 'advice':
      return <AdviceView />;
    case 'results':
      return (
        <Suspense fallback={<Spinner label="Loading the charts…" />}>
          <ResultsView />
        </Suspense>
      );
    case 'history':
      return <HistoryView />;
    case 'compare':
      return (
        <Suspense fallback={<Spinner label="Loading the charts…" />}>
          <CompareView />
        </Suspense>
      );
    case 'share':
      return <ShareView />;
  }
}

/** The app shell: sidebar, header with the run controls and the live run panel (both stay in view), banners, current view. */
export function App(): JSX.Element {
  const view = useAppStore((s) => s.view);
  const t = TITLES[view];
  return (
    <div className="app">
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <Sidebar />
      <div className="main">
        <div className="top-stack">
        <header className="topbar">
          <div className="topbar-title">
            <h1 data-testid="view-title">{t.title}</h1>
            <p className="muted">{t.sub}</p>
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
