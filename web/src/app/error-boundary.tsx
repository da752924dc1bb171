import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { buttonClasses } from '@/components/ui/button';

function ErrorScreen({ title, detail }: { title: string; detail?: string }) {
  return (
    <div role="alert" className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="font-display text-3xl font-black text-gradient">{title}</h1>
      {detail && <p className="text-muted">{detail}</p>}
      <a href="/" className={buttonClasses('primary', 'md')}>
        Back to home
      </a>
    </div>
  );
}

/** Catches render errors anywhere below it and shows a recovery screen instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('app crashed', error, info.componentStack);
  }

  render() {
    if (this.state.error) {
      return <ErrorScreen title="Something went wrong" detail="Reload the page to try again." />;
    }
    return this.props.children;
  }
}

/** Route-level error element (failed lazy chunk, thrown loader error). */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    return <ErrorScreen title={`${error.status} ${error.statusText}`} />;
  }
  console.error('route error', error);
  return (
    <ErrorScreen
      title="Something went wrong"
      detail="This page failed to load. Check your connection and reload the page."
    />
  );
}
