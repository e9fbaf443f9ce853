/** A server-sent-event client for tests: the frames a stream sent, and whether it ended. */
export interface TSseFrame {
  id: string | null;
  data: unknown;
}

export interface TSse {
  status: number;
  headers: Headers;
  frames: TSseFrame[];
  /** the raw text received (comments and retry lines included) */
  text: () => string;
  ended: () => boolean;
  /** resolves once `n` frames came; rejects after `ms` */
  waitFrames(n: number, ms?: number): Promise<TSseFrame[]>;
  /** resolves once the server ended the stream; rejects after `ms` */
  waitEnd(ms?: number): Promise<void>;
  close(): void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Opens `url` as EventSource would (Accept: text/event-stream), with `headers` (a Bearer token, Last-Event-ID). */
export async function openSse(url: string, headers: Record<string, string> = {}): Promise<TSse> {
  const ac = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: ac.signal });
  const frames: TSseFrame[] = [];
  let raw = '';
  let buf = '';
  let done = false;
  const decoder = new TextDecoder();
  const pump = (async () => {
    if (!res.body) return;
    const reader = res.body.getReader();
    try {
      for (;;) {
        const { value, done: end } = await reader.read();
        if (end) break;
        const chunk = decoder.decode(value, { stream: true });
        raw += chunk;
        buf += chunk;
        let at: number;
        while ((at = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, at);
          buf = buf.slice(at + 2);
          let id: string | null = null;
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('id: ')) id = line.slice(4);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length) frames.push({ id, data: JSON.parse(data.join('\n')) });
        }
      }
    } catch {
      // aborted by close()
    } finally {
      done = true;
    }
  })();
  void pump;
  const until = async (cond: () => boolean, ms: number, what: string) => {
    const end = Date.now() + ms;
    while (!cond()) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}; received: ${raw}`);
      await sleep(10);
    }
  };
  return {
    status: res.status,
    headers: res.headers,
    frames,
    text: () => raw,
    ended: () => done,
    async waitFrames(n, ms = 5000) {
      await until(() => frames.length >= n, ms, `${n} frames`);
      return frames;
    },
    waitEnd: (ms = 5000) => until(() => done, ms, 'the end of the stream'),
    close: () => ac.abort(),
  };
}
