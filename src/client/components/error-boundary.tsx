// An error boundary: a component that throws while rendering shows a notice in its place instead of
// blanking the page. The admin wraps each screen in one (keyed by path, so navigating clears it);
// public islands wrap themselves, falling back to the page's server-rendered behaviour.
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** What shows after a throw; given a function that renders the children again. */
  fallback: (retry: () => void, error: Error) => ReactNode;
  children: ReactNode;
}

export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('A screen failed to render:', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (error) return this.props.fallback(() => this.setState({ error: null }), error);
    return this.props.children;
  }
}
