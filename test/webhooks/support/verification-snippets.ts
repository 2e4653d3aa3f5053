import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const DOC = resolve(__dirname, '../../../docs/api/webhooks.md');

/** The fenced `language` block of docs/api/webhooks.md's "Verifying a delivery" section: the doc is the code. */
export function snippetOf(language: 'js' | 'python' | 'php'): string {
  const doc = readFileSync(DOC, 'utf8');
  const section = doc.slice(doc.indexOf('## Verifying a delivery'));
  const match = new RegExp('```' + language + '\\n([\\s\\S]*?)```').exec(section.split(/\n## /)[0]!);
  if (!match) throw new Error(`docs/api/webhooks.md has no ${language} block under "Verifying a delivery"`);
  return match[1]!;
}

export interface VerificationCase {
  secret: string;
  headers: Record<string, string>;
  body: Buffer;
  nowSeconds?: number;
}

/** Runs the Node snippet once over every case (a plain `node` child process, as a receiver would). */
export function nodeVerifies(cases: VerificationCase[]): Promise<boolean[]> {
  const driver = `${snippetOf('js')}
let input = '';
process.stdin.on('data', (chunk) => (input += chunk));
process.stdin.on('end', () => {
  const results = JSON.parse(input).map((c) => verifyWebhook(c.secret, c.headers, Buffer.from(c.body, 'base64'), 300, c.now));
  console.log(JSON.stringify(results));
});
`;
  return run(process.execPath, ['-e', driver], cases);
}

/** Runs the Python snippet once over every case (python3 in a child process); answers one boolean per case. */
export function pythonVerifies(cases: VerificationCase[]): Promise<boolean[]> {
  const driver = `${snippetOf('python')}
import base64, json, sys
results = []
for case in json.load(sys.stdin):
    results.append(verify_webhook(case["secret"], case["headers"], base64.b64decode(case["body"]), now=case.get("now")))
print(json.dumps(results))
`;
  return run('python3', ['-c', driver], cases);
}

function run(command: string, args: string[], cases: VerificationCase[]): Promise<boolean[]> {
  const input = JSON.stringify(cases.map((c) => ({ secret: c.secret, headers: c.headers, body: c.body.toString('base64'), now: c.nowSeconds })));
  return new Promise((done, fail) => {
    const child = execFile(command, args, (error, stdout, stderr) => (error ? fail(new Error(`${error.message}\n${stderr}`)) : done(JSON.parse(stdout) as boolean[])));
    child.stdin!.end(input);
  });
}
