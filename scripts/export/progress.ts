/**
 * What the exporter tells the operator, on stderr: a single updating progress line on a
 * terminal, plain log lines otherwise (CI, cron, a pipe). Warnings are counted per kind; the
 * first WARNING_LINES of each kind are printed, the rest only counted in the summary.
 */
export const WARNING_LINES = 50;

export interface Reporter {
  info(message: string): void;
  warn(kind: string, message: string): void;
  /** Reports progress of a stage; `total` may be unknown (0). */
  progress(stage: string, done: number, total: number): void;
  /** Ends the progress of a stage (prints its final line). */
  done(stage: string, count: number, what: string): void;
  warnings(): Map<string, number>;
}

export interface ReporterOptions {
  out?: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  tty?: boolean;
  quiet?: boolean;
  /** Non-TTY: a log line every this many items. */
  every?: number;
}

export function createReporter(options: ReporterOptions = {}): Reporter {
  const out = options.out ?? process.stderr;
  const tty = options.tty ?? Boolean(out.isTTY);
  const every = options.every ?? 1000;
  const counts = new Map<string, number>();
  let line = ''; // the progress line currently on screen (TTY)
  let lastDraw = 0;
  const lastLogged = new Map<string, number>();
  const started = new Map<string, number>();

  const clear = () => {
    if (tty && line) {
      out.write('\r\x1b[K');
      line = '';
    }
  };
  const print = (text: string) => {
    const redraw = line;
    clear();
    out.write(text + '\n');
    if (redraw && tty) {
      out.write(redraw);
      line = redraw;
    }
  };
  const rate = (stage: string, done: number) => {
    const t0 = started.get(stage) ?? Date.now();
    const seconds = (Date.now() - t0) / 1000;
    return seconds > 0.5 ? `, ${Math.round(done / seconds)}/s` : '';
  };

  return {
    info(message) {
      if (!options.quiet) print(message);
    },
    warn(kind, message) {
      const n = (counts.get(kind) ?? 0) + 1;
      counts.set(kind, n);
      if (n <= WARNING_LINES) print(`warning: ${message}`);
      else if (n === WARNING_LINES + 1) print(`warning: more "${kind}" warnings follow; only their number is reported at the end`);
    },
    progress(stage, done, total) {
      if (!started.has(stage)) started.set(stage, Date.now());
      if (options.quiet) return;
      const pct = total > 0 ? ` (${Math.floor((done / total) * 100)}%)` : '';
      const text = `${stage}: ${done}${total > 0 ? `/${total}` : ''}${pct}${rate(stage, done)}`;
      if (tty) {
        const now = Date.now();
        if (now - lastDraw < 100 && done !== total) return;
        lastDraw = now;
        const width = Math.max(20, (out.columns || 80) - 1);
        out.write('\r\x1b[K' + text.slice(0, width));
        line = text.slice(0, width);
      } else {
        const last = lastLogged.get(stage) ?? 0;
        if (done - last >= every || (total > 0 && done === total && last !== done)) {
          lastLogged.set(stage, done);
          out.write(text + '\n');
        }
      }
    },
    done(stage, count, what) {
      const t0 = started.get(stage);
      const seconds = t0 ? ` in ${((Date.now() - t0) / 1000).toFixed(1)} s` : '';
      clear();
      if (!options.quiet) out.write(`${stage}: ${count} ${what}${seconds}\n`);
      started.delete(stage);
      lastLogged.delete(stage);
    },
    warnings() {
      return counts;
    },
  };
}
