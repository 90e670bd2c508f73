import { Component, type ReactNode } from 'react';

interface Props {
  /** the location shown: an error is cleared once it changes */
  pathname: string;
  fallback: ReactNode;
  children: ReactNode;
}

/** Shows `fallback` instead of a page that throws while rendering (or whose lazy chunk fails to load), until the location changes. */
export class PageBoundary extends Component<Props, { failedAt: string | null }> {
  state = { failedAt: null as string | null };

  static getDerivedStateFromError() {
    // the location is filled in below, from the props of the render that failed
    return { failedAt: '' };
  }

  static getDerivedStateFromProps(props: Props, state: { failedAt: string | null }) {
    if (state.failedAt === '') return { failedAt: props.pathname };
    return state.failedAt !== null && state.failedAt !== props.pathname ? { failedAt: null } : null;
  }

  render() {
    return this.state.failedAt === null ? this.props.children : this.props.fallback;
  }
}
