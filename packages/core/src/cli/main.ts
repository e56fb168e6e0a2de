/**
 * The engine CLI (docs/design.md, The engine CLI): `npm run --silent engine -- plan` reads one PlanRequest JSON per
 * line on stdin and writes one PlanResult JSON per line on stdout, in order. Every input line
 * gets exactly one output line; a bad one gets {"error": "..."}. Contract: packages/core/README.md.
 */
import { once } from 'node:events';
import { answerPlanLine, errorLine } from './plan-lines';
import { readLines } from './line-reader';

const DEFAULT_MAX_LINE_BYTES = 64 * 1024 * 1024;
const USAGE = `usage: npm run --silent engine -- plan [--max-line-bytes N]
  Reads one PlanRequest JSON per line on stdin, writes one PlanResult JSON per line on stdout.`;

function parseArgs(args: string[]): { maxLineBytes: number } | undefined {
  const [command, ...options] = args;
  if (command !== 'plan') return undefined;
  if (options.length === 0) return { maxLineBytes: DEFAULT_MAX_LINE_BYTES };
  const [flag, value] = options;
  const maxLineBytes = Number(value);
  if (options.length !== 2 || flag !== '--max-line-bytes') return undefined;
  return Number.isSafeInteger(maxLineBytes) && maxLineBytes > 0 ? { maxLineBytes } : undefined;
}

async function write(text: string): Promise<void> {
  if (!process.stdout.write(`${text}\n`)) await once(process.stdout, 'drain');
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args[0] === '--help' || args[0] === '-h') {
    console.log(USAGE);
    return 0;
  }
  const options = parseArgs(args);
  if (options === undefined) {
    console.error(USAGE);
    return 2;
  }
  for await (const line of readLines(process.stdin, options.maxLineBytes)) {
    await write(
      'text' in line
        ? answerPlanLine(line.text)
        : errorLine(
            `line too long: ${line.tooLongBytes} bytes, the limit is ${options.maxLineBytes}`,
          ),
    );
  }
  return 0;
}

// A reader that stops listening (`| head`) is not an error worth a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
