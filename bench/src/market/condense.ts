/**
 * A failure message made short enough for a note: its first line, then each distinct message of
 * the JSON log lines a child printed (pino: `msg` and `err.message`) with how often it came.
 * A relay that never got ready prints the same error every cycle; the note needs it once.
 */
export function condense(message: string): string {
  const [first = '', ...rest] = message.split('\n');
  const seen = new Map<string, number>();
  const plain: string[] = [];
  for (const line of rest) {
    try {
      const entry = JSON.parse(line) as { msg?: string; err?: { message?: string } };
      const text = [entry.msg, entry.err?.message].filter(Boolean).join(': ');
      seen.set(text, (seen.get(text) ?? 0) + 1);
    } catch {
      if (line.trim() !== '' && plain.length < 5) plain.push(line.trim().slice(0, 200));
    }
  }
  const logged = [...seen].map(([text, n]) => `${text}${n > 1 ? ` (×${n})` : ''}`);
  const tail = [...logged, ...plain];
  return tail.length > 0 ? `${first} — last output: ${tail.join('; ')}` : first;
}
