import { drive } from './load';
import { JOURNAL_SCENARIOS } from './journal-scenarios';
import { signIn } from './scenarios';
const base = process.argv[2];
const scenario = JOURNAL_SCENARIOS.find((s) => s.name.startsWith('cell save'))!;
(async () => {
  const token = await signIn(base, 'zavuch');
  const get = async (url: string) => { const r = await fetch(base + url, { headers: { authorization: `Bearer ${token}` } }); return r.ok ? r.json() : null; };
  const requests = await scenario.prepare({ base, get } as never);
  console.log(await drive(base, token, requests!, 16, Number(process.argv[3] ?? 8)));
})();
