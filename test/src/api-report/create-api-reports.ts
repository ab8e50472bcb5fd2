import { relative } from 'node:path';
import ts from 'typescript';
import type { PublicEntry } from './list-public-entries.js';

const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });

/**
 * The API report of each entry, keyed by its report name: the declarations it exports, as the built `.d.ts`
 * files hold them (comments left out, so a reworded JSDoc changes nothing), and the declarations of its package
 * that those reach without any public entry exporting them. Types from other packages are named, not expanded:
 * their own reports hold them.
 *
 * Only the entries' own declaration files and what they import relatively are read (no lib, no dependency), so
 * the report is quick to make and does not change when a dependency's types do.
 */
export function createApiReports(entries: readonly PublicEntry[]): Map<string, string> {
  const program = createDeclarationProgram(entries.map((entry) => entry.declarationFile));
  const checker = program.getTypeChecker();
  const exportsByEntry = new Map(entries.map((entry) => [entry, listExports({ program, checker, entry })]));
  const reports = new Map<string, string>();
  for (const entry of entries) {
    const exported = exportsByEntry.get(entry) ?? [];
    const exportedByPackage = new Set(
      entries
        .filter((other) => other.packageDirectory === entry.packageDirectory)
        .flatMap((other) => (exportsByEntry.get(other) ?? []).map(({ symbol }) => symbol)),
    );
    const reached = findReachedDeclarations({ checker, entry, exported, exportedByPackage });
    reports.set(entry.reportName, renderReport({ entry, exported, reached }));
  }
  return reports;
}

interface ExportedSymbol {
  name: string;
  symbol: ts.Symbol;
}

function createDeclarationProgram(rootNames: string[]): ts.Program {
  const options: ts.CompilerOptions = {
    noEmit: true,
    noLib: true,
    types: [],
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
  };
  const host = ts.createCompilerHost(options);
  // Relative imports only: the entries' declaration files and their siblings in dist/.
  host.resolveModuleNameLiterals = (literals, containingFile, redirected, compilerOptions, sourceFile) =>
    literals.map((literal) =>
      literal.text.startsWith('.')
        ? ts.resolveModuleName(
            literal.text,
            containingFile,
            compilerOptions,
            host,
            undefined,
            redirected,
            ts.getModeForUsageLocation(sourceFile, literal, compilerOptions),
          )
        : { resolvedModule: undefined },
    );
  return ts.createProgram({ rootNames, options, host });
}

function listExports({
  program,
  checker,
  entry,
}: {
  program: ts.Program;
  checker: ts.TypeChecker;
  entry: PublicEntry;
}): ExportedSymbol[] {
  const sourceFile = program.getSourceFile(entry.declarationFile);
  if (sourceFile === undefined)
    throw new Error(`${entry.declarationFile} does not exist: build the packages first (pnpm build).`);
  const moduleSymbol = checker.getSymbolAtLocation(sourceFile);
  if (moduleSymbol === undefined) return [];
  return checker
    .getExportsOfModule(moduleSymbol)
    .map((symbol) => ({ name: symbol.name, symbol: resolveAlias(checker, symbol) }))
    .sort((a, b) => compareText(a.name, b.name));
}

function resolveAlias(checker: ts.TypeChecker, symbol: ts.Symbol): ts.Symbol {
  return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

/** The package's declarations that the exported ones reach, directly or through each other, and no entry exports. */
function findReachedDeclarations({
  checker,
  entry,
  exported,
  exportedByPackage,
}: {
  checker: ts.TypeChecker;
  entry: PublicEntry;
  exported: readonly ExportedSymbol[];
  exportedByPackage: ReadonlySet<ts.Symbol>;
}): ts.Symbol[] {
  const reached = new Set<ts.Symbol>();
  const queue = exported.map(({ symbol }) => symbol);
  for (let symbol = queue.shift(); symbol !== undefined; symbol = queue.shift()) {
    for (const declaration of symbol.declarations ?? []) {
      visitReferences(declaration, (node) => {
        const referenced = checker.getSymbolAtLocation(node);
        if (referenced === undefined) return;
        const target = resolveAlias(checker, referenced);
        const inPackage = (target.declarations ?? []).some((found) =>
          isInside(found.getSourceFile().fileName, entry.packageDirectory),
        );
        if (!inPackage || exportedByPackage.has(target) || reached.has(target) || target === symbol) return;
        if (!(target.flags & reportedFlags) || target.flags & ts.SymbolFlags.TypeParameter) return;
        reached.add(target);
        queue.push(target);
      });
    }
  }
  return [...reached].sort((a, b) => compareText(a.name, b.name));
}

/** Declarations worth a line of their own: a member or a parameter is part of its parent's text already. */
const reportedFlags =
  ts.SymbolFlags.Type |
  ts.SymbolFlags.Class |
  ts.SymbolFlags.Function |
  ts.SymbolFlags.Variable |
  ts.SymbolFlags.Enum |
  ts.SymbolFlags.Module;

/**
 * Calls `visit` on each name a declaration uses: in types, `typeof`, `extends`, computed keys, `import()`. A
 * private member is skipped: users cannot reach it (an error class's private marker key, say).
 */
function visitReferences(root: ts.Node, visit: (node: ts.Node) => void): void {
  const walk = (node: ts.Node): void => {
    if (ts.canHaveModifiers(node) && ts.getModifiers(node)?.some(isPrivate)) return;
    if (ts.isTypeReferenceNode(node)) visit(rightmost(node.typeName));
    else if (ts.isExpressionWithTypeArguments(node)) visit(node.expression);
    else if (ts.isTypeQueryNode(node)) visit(rightmost(node.exprName));
    else if (ts.isComputedPropertyName(node)) visit(node.expression);
    else if (ts.isImportTypeNode(node) && node.qualifier !== undefined) visit(rightmost(node.qualifier));
    ts.forEachChild(node, walk);
  };
  walk(root);
}

function isPrivate(modifier: ts.ModifierLike): boolean {
  return modifier.kind === ts.SyntaxKind.PrivateKeyword;
}

function rightmost(name: ts.EntityName): ts.Identifier {
  return ts.isIdentifier(name) ? name : name.right;
}

function isInside(file: string, directory: string): boolean {
  const path = relative(directory, file);
  return !path.startsWith('..') && !path.includes('node_modules');
}

function renderReport({
  entry,
  exported,
  reached,
}: {
  entry: PublicEntry;
  exported: readonly ExportedSymbol[];
  reached: readonly ts.Symbol[];
}): string {
  const lines = [
    `# ${entry.specifier}`,
    '',
    '<!-- The public declarations of this entry, made from its built .d.ts files by `pnpm api:update`. Do not edit. -->',
    '',
    '## Exported',
    '',
    '```ts',
    ...exported.flatMap(({ name, symbol }) => printSymbol(symbol, name)),
    '```',
  ];
  if (reached.length > 0)
    lines.push(
      '',
      '## Reached from the exports, not exported',
      '',
      '```ts',
      ...reached.flatMap((symbol) => printSymbol(symbol, symbol.name)),
      '```',
    );
  return `${lines.join('\n')}\n`;
}

function printSymbol(symbol: ts.Symbol, exportedAs: string): string[] {
  const texts = (symbol.declarations ?? []).map((declaration) => {
    // `export * as name from './module.js'`: the module's own exports are listed by name, not its whole text.
    if (ts.isSourceFile(declaration))
      return `declare namespace ${exportedAs} { /* exports: ${[...(symbol.exports?.keys() ?? [])].sort().join(', ')} */ }`;
    const node = ts.isVariableDeclaration(declaration) ? declaration.parent.parent : declaration;
    return printer.printNode(ts.EmitHint.Unspecified, node, declaration.getSourceFile());
  });
  const renamed = exportedAs !== symbol.name && !(symbol.declarations ?? []).some(ts.isSourceFile);
  const header = renamed ? [`// exported as ${exportedAs}`] : [];
  return [...header, ...new Set(texts), ''];
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
