/**
 * A one-line progress bar with a rate for the generator's steps: redrawn in place on a terminal, one line per
 * finished step otherwise (logs, CI).
 */
export type Progress = {
  step(name: string, total: number): { advance(done: number): void; finish(): void };
};

const WIDTH = 24;
const number = (n: number) => Math.round(n).toLocaleString('en-US');
const seconds = (ms: number) => (ms < 60_000 ? `${(ms / 1000).toFixed(1)} s` : `${(ms / 60_000).toFixed(1)} min`);

export function terminalProgress(stream: NodeJS.WriteStream = process.stderr): Progress {
  return {
    step(name, total) {
      const started = Date.now();
      let done = 0;
      const line = () => {
        const elapsed = Date.now() - started;
        const share = total ? Math.min(1, done / total) : 1;
        const filled = Math.round(share * WIDTH);
        const rate = elapsed ? (done * 1000) / elapsed : 0;
        const left = rate && done < total ? ` · ${seconds(((total - done) / rate) * 1000)} left` : '';
        return `${name.padEnd(10)} [${'█'.repeat(filled)}${'░'.repeat(WIDTH - filled)}] ${String(Math.round(share * 100)).padStart(3)}% ${number(done)}/${number(total)} · ${number(rate)}/s · ${seconds(elapsed)}${left}`;
      };
      return {
        advance(count) {
          done += count;
          if (stream.isTTY) stream.write(`\r${line()}\x1b[K`);
        },
        finish() {
          done = total;
          stream.write(stream.isTTY ? `\r${line()}\x1b[K\n` : `${line()}\n`);
        },
      };
    },
  };
}

export const silentProgress: Progress = { step: () => ({ advance() {}, finish() {} }) };
