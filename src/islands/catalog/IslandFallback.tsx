/**
 * The fallback screen when an island fails to render: wrap an island's tree in
 * <IslandBoundary message=... reload=...>. The server-rendered texts come in as props, so the
 * fallback needs no message bundle of its own.
 */
import { Component, type ReactNode } from 'react';

interface Props { message: string; reload: string; children: ReactNode }

export class IslandBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('island failed to render', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="island-fallback" role="alert">
        <p>{this.props.message}</p>
        <button type="button" className="button-secondary" onClick={() => location.reload()}>
          {this.props.reload}
        </button>
      </div>
    );
  }
}
