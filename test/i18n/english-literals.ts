/**
 * Finds literal English sentences in source files: string and template literals that read as English prose (three
 * words or more, one of them a common English word), outside comments, imports, thrown errors, log calls and the
 * command definitions (English by design: the deploy step localises them from the catalogues).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** Common English words: a literal with one of them among three or more words reads as an English sentence. */
const ENGLISH = /\b(the|a|an|is|are|to|of|your|you|with|in|not|and|or|for|this|that|here|has|have|no|on|by|from|it|be|was|can|yet)\b/i;
const WORDS = /[A-Za-z][A-Za-z']*(?:[ ,:;]+[A-Za-z][A-Za-z']*){2,}/;

/** Calls whose string arguments are never shown to a player as they are. */
const SILENT_CALLS = new Set(['Error', 'TypeError', 'RangeError', 'info', 'warn', 'error', 'debug', 'trace', 'fatal', 'log', 'describe', 'it', 'test', 'require']);
/** Command-definition helpers (English by design; deploy-commands localises them from the catalogues) and the settings rows' Discord hints. */
const DEFINITION_CALLS = new Set(['subcommand', 'subcommandGroup', 'choiceOpt', 'intOpt', 'boolOpt', 'userOpt', 'textChannelOpt', 'chatCommand']);
const DEFINITION_PROPERTIES = new Set(['hint', 'description']);

export interface EnglishLiteral {
  file: string;
  line: number;
  text: string;
}

function calleeName(call: ts.CallExpression | ts.NewExpression): string {
  const e = call.expression;
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e)) return e.name.text;
  return '';
}

/** Whether the literal sits where no player reads it as it is. */
function silent(node: ts.Node): boolean {
  for (let p: ts.Node | undefined = node.parent; p; p = p.parent) {
    if (ts.isImportDeclaration(p) || ts.isExportDeclaration(p)) return true;
    if ((ts.isCallExpression(p) || ts.isNewExpression(p)) && (SILENT_CALLS.has(calleeName(p)) || DEFINITION_CALLS.has(calleeName(p)))) return true;
    if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && DEFINITION_PROPERTIES.has(p.name.text) && p.initializer === node) return true;
  }
  return false;
}

/** The prose of a literal: template parts joined, placeholders and markdown code spans dropped. */
function prose(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
  return null;
}

/** Every English-looking literal of one TypeScript source. */
export function englishLiterals(file: string, source: string): EnglishLiteral[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const out: EnglishLiteral[] = [];
  const visit = (node: ts.Node): void => {
    const text = prose(node);
    if (text !== null) {
      const words = text.replace(/`[^`]*`/g, ' ').replace(/https?:\S+/g, ' ');
      if (WORDS.test(words) && ENGLISH.test(words) && !silent(node)) out.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1, text });
      if (!ts.isTemplateExpression(node)) return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** The .ts files under `dir` (recursively). */
export function sourceFiles(root: string, dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(relative(root, path));
    }
  };
  walk(join(root, dir));
  return out.sort();
}

/** English-looking literals in every source file under `dirs` of `root`. */
export function scan(root: string, dirs: readonly string[]): EnglishLiteral[] {
  return dirs.flatMap((dir) => sourceFiles(root, dir)).flatMap((file) => englishLiterals(file, readFileSync(join(root, file), 'utf8')));
}
