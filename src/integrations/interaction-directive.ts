/**
 * client:interaction — hydrate an island on the shopper's first interaction with it
 * (pointerdown, focusin, keydown, or a pointer resting on it), never before. A click that arrives
 * before hydration finished is held and replayed on the same element afterwards, so the first
 * click is never lost.
 *
 * `client:interaction="a:b,c:d"` also names custom events (bubbling from inside the island) that
 * start hydration. Each one is recorded on the island element as `data-held-event` (capture phase,
 * so before the component's own listener): the component acts on it when it mounts and clears it
 * whenever it handles the event itself (React hydrates in a transition, so an event re-dispatched
 * right after load() could come before the component's listeners).
 */
import type { ClientDirective } from 'astro';

const EARLY = ['pointerdown', 'focusin', 'keydown', 'pointerenter'] as const;

const interaction: ClientDirective = (load, options, el) => {
  const custom =
    typeof options.value === 'string'
      ? options.value
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [];
  let state: 'idle' | 'loading' | 'ready' = 'idle';
  let held: HTMLElement | null = null;
  let heldIndex = -1;

  const start = async () => {
    if (state !== 'idle') return;
    state = 'loading';
    for (const type of EARLY) el.removeEventListener(type, start, true);
    const hydrate = await load();
    await hydrate();
    state = 'ready';
    el.removeEventListener('click', hold, true);
    if (held) {
      const target = held;
      held = null;
      // Let React attach its listeners before replaying.
      // If React re-rendered the island, click the element now in the same place.
      const index = heldIndex;
      setTimeout(() => (target.isConnected ? target : el.querySelectorAll<HTMLElement>('*')[index])?.click(), 0);
    }
  };

  const hold = (event: Event) => {
    if (state === 'ready') return;
    const target = (event.target as Element | null)?.closest<HTMLElement>('button, a, [role="button"], input, select');
    if (!target) return;
    event.preventDefault();
    event.stopPropagation();
    held = target;
    heldIndex = [...el.querySelectorAll('*')].indexOf(target);
    void start();
  };

  const onCustom = (event: Event) => {
    el.setAttribute('data-held-event', event.type);
    void start();
  };

  for (const type of EARLY) el.addEventListener(type, start, { capture: true, once: true, passive: true });
  for (const type of custom) el.addEventListener(type, onCustom, true);
  el.addEventListener('click', hold, true);
};

export default interaction;
