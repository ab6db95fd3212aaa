/**
 * Spec §2 "Rendering errors show a fallback screen": every React island renders inside this
 * boundary (`withBoundary(Component)` is what each island module exports), so a component that
 * throws while rendering shows the fallback (the shop's text and a reload button) instead of a
 * blank area. The texts come from the compiled messages of the shop's language.
 */
import { Component, type ComponentType, type ReactNode } from 'react';
import { m } from '../i18n/generated/messages.js';
import { REACT_RENDERER, SAME_ISLAND_RENDERER, tagRenderer } from './renderer-tag.ts';

interface Props {
  message?: string;
  reload?: string;
  children: ReactNode;
}

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
      <div className="island-fallback" role="alert" data-island-fallback>
        <p>{this.props.message ?? m.catalog_islandFailed()}</p>
        <button type="button" className="button-secondary" onClick={() => location.reload()}>
          {this.props.reload ?? m.catalog_reload()}
        </button>
      </div>
    );
  }
}

/**
 * The island `Inner` inside an IslandBoundary: the component an island module exports. An island
 * whose props are the shop's and whose server HTML depends on nothing else (no page data, no
 * children) says `samePerShop`: it is rendered once per build (src/integrations/same-island.ts).
 */
export function withBoundary<P extends object>(Inner: ComponentType<P>, { samePerShop = false } = {}): ComponentType<P> {
  const Bounded = (props: P) => (
    <IslandBoundary>
      <Inner {...props} />
    </IslandBoundary>
  );
  Bounded.displayName = `withBoundary(${Inner.displayName ?? Inner.name})`;
  return tagRenderer(Bounded, samePerShop ? SAME_ISLAND_RENDERER : REACT_RENDERER);
}
