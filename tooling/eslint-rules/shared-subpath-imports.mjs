// Inside `shared`, each top-level folder of src/ is (the source of) a subpath of the package: `@crm/shared/ui`,
// `@crm/shared/schemas`, … One subpath reaches another by that name, as every other package does, never by a relative
// path into its files: a relative path skips the subpath's public surface and ties the two folders' layouts together.
import path from 'node:path';

const sharedSrc = path.resolve(import.meta.dirname, '../../shared/src');

/** @type {import('eslint').Rule.RuleModule} */
export const sharedSubpathImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Inside @crm/shared, import another subpath by its package name, not by a relative path.' },
    schema: [],
    messages: {
      crossSubpath:
        "'{{specifier}}' reaches into shared/src/{{target}}/ from shared/src/{{own}}/: import it from '@crm/shared/{{target}}' (or its subpath) instead.",
    },
  },
  create(context) {
    const own = path.relative(sharedSrc, context.filename).split(path.sep);
    // Files outside shared/src, or directly in it, belong to no subpath.
    if (own[0] === '..' || own.length < 2) return {};
    const check = (source) => {
      const specifier = source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = path.relative(sharedSrc, path.resolve(path.dirname(context.filename), specifier)).split(path.sep);
      if (target[0] === '..' || target[0] === own[0]) return;
      context.report({ node: source, messageId: 'crossSubpath', data: { specifier, own: own[0], target: target[0] } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
