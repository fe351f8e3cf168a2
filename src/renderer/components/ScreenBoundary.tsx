import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function Fallback({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <main className="screen" role="alert" aria-labelledby="screen-error-title">
      <section className="card">
        <h1 id="screen-error-title">{t('screenError.title')}</h1>
        <p>{t('screenError.body')}</p>
        <p className="error-detail">{error.message.slice(0, 300)}</p>
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          {t('screenError.retry')}
        </button>
      </section>
    </main>
  );
}

/**
 * One screen failing to render (a hostile import, a record the view does not expect) shows a
 * message in that screen's place; the navigation, status bar and the other screens keep working.
 * App.tsx keys it by screen, so switching screens starts clean.
 */
export class ScreenBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('screen failed', error, info.componentStack);
  }

  override render() {
    if (this.state.error) return <Fallback error={this.state.error} onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
