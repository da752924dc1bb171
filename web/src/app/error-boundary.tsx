import { Component, type ErrorInfo, type ReactNode } from 'react';

function ErrorScreen({ title, detail }: { title: string; detail?: string }) {
  return (
    <div role="alert" className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="font-display text-3xl font-black text-gradient">{title}</h1>
      {detail && <p className="text-muted">{detail}</p>}
      {/* The primary button's look without its module: the error screen is part of every first load. */}
      <a
        href="/"
        className="inline-flex h-11 items-center rounded-xl bg-gradient-to-r from-neon-pink to-neon-violet px-5 text-sm font-bold tracking-wide text-ink-950 hover:brightness-110"
      >
        Back to home
      </a>
    </div>
  );
}

/**
 * Catches render errors below it and shows a recovery screen instead of a blank page. The app has
 * one around everything; the layout has one around the page (a failed chunk, a crash in one
 * screen) whose `resetKey` is the path, so the next navigation tries again.
 */
export class ErrorBoundary extends Component<
  { children: ReactNode; detail?: string; resetKey?: string },
  { error: Error | null }
> {
  state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('app crashed', error, info.componentStack);
  }

  componentDidUpdate(prev: { resetKey?: string }) {
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  render() {
    if (this.state.error) {
      return <ErrorScreen title="Something went wrong" detail={this.props.detail ?? 'Reload the page to try again.'} />;
    }
    return this.props.children;
  }
}
