#!/usr/bin/env python3
"""The library's folder graph by type references, and its strongly connected components.

A folder of Sources/DeckBench declares the top-level types (struct, class, enum, protocol, actor,
typealias) of its files; a file that names a type declared in another folder makes an edge from its
folder to that one (not a member after a dot, nor a name a type nested in the same file takes). Comments and the text of string literals are not read (an interpolation is).
Prints the edges with the files and types that make them, then the components of more than one
folder. Usage: docs/folder-graph.py [Sources/DeckBench] [--edges]
"""
import os
import re
import sys

DECLARATION = re.compile(
    r'^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|final|indirect|nonisolated)\s+)*'
    r'(?:struct|class|enum|protocol|actor|typealias)\s+([A-Za-z_]\w*)', re.ASCII)
IDENTIFIER = re.compile(r'[A-Za-z_]\w*', re.ASCII)


def code_only(text):
    """`text` without comments and string literals' text; interpolations kept."""
    out = []
    i, n = 0, len(text)
    # A stack of what we are in: 'code' with a paren depth (inside an interpolation), or a string.
    stack = [['code', 0]]
    while i < n:
        top = stack[-1]
        c = text[i]
        if top[0] == 'code':
            if text.startswith('//', i):
                j = text.find('\n', i)
                i = n if j < 0 else j
                continue
            if text.startswith('/*', i):
                depth, i = 1, i + 2
                while i < n and depth:
                    if text.startswith('/*', i): depth, i = depth + 1, i + 2
                    elif text.startswith('*/', i): depth, i = depth - 1, i + 2
                    else:
                        if text[i] == '\n': out.append('\n')  # lines kept, as the test's reader keeps them
                        i += 1
                out.append(' ')
                continue
            m = re.match(r'(#*)("""|")', text[i:i + 64])
            if m and (m.group(1) == '' or text[i] == '#'):
                hashes, quote = m.group(1), m.group(2)
                stack.append(['string', hashes, quote])
                i += len(m.group(0))
                out.append(' ')
                continue
            if c == '(' and len(stack) > 1: top[1] += 1
            if c == ')' and len(stack) > 1:
                if top[1] == 0:
                    stack.pop()  # the interpolation's end: back in its string
                    i += 1
                    continue
                top[1] -= 1
            out.append(c)
            i += 1
        else:
            _, hashes, quote = top
            if c == '\\' and text.startswith(hashes, i + 1):
                k = i + 1 + len(hashes)
                if k < n and text[k] == '(':
                    stack.append(['code', 0])
                    out.append(' ')
                    i = k + 1
                    continue
                i = k + 1
                continue
            if text.startswith(quote + hashes, i):
                stack.pop()
                i += len(quote) + len(hashes)
                out.append(' ')
                continue
            if c == '\n': out.append('\n')
            i += 1
    return ''.join(out)


def graph(library):
    declared = {}  # type name -> folder
    files = {}  # folder -> [(path, code)]
    for folder in sorted(os.listdir(library)):
        path = os.path.join(library, folder)
        if not os.path.isdir(path): continue
        for root, _, names in os.walk(path):
            for name in sorted(names):
                if not name.endswith('.swift'): continue
                with open(os.path.join(root, name), encoding='utf-8') as f:
                    code = code_only(f.read())
                files.setdefault(folder, []).append((os.path.relpath(os.path.join(root, name), library), code))
                for line in code.split('\n'):
                    m = DECLARATION.match(line)  # top level only: no indentation
                    if m: declared.setdefault(m.group(1), folder)
    edges = {}  # (from, to) -> {file: set(types)}
    for folder, entries in files.items():
        for path, code in entries:
            # A type nested in this file (`Distribution.Step`) hides a top-level one of that name.
            own = {m.group(1) for m in (DECLARATION.match(line.strip()) for line in code.split('\n')) if m}
            # A name after a dot is a member, not a type named on its own.
            names = {m.group(0) for m in IDENTIFIER.finditer(code) if not code[:m.start()].rstrip().endswith('.')}
            for name in names - own:
                owner = declared.get(name)
                if owner and owner != folder:
                    edges.setdefault((folder, owner), {}).setdefault(path, set()).add(name)
    return sorted(files), edges


def components(nodes, edges):
    """Tarjan's strongly connected components."""
    out = {a: sorted({b for (x, b) in edges if x == a}) for a in nodes}
    index, low, on, stack, result = {}, {}, set(), [], []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v); on.add(v)
        for w in out[v]:
            if w not in index:
                visit(w); low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop(); on.discard(w); part.append(w)
                if w == v: break
            result.append(sorted(part))

    for v in nodes:
        if v not in index: visit(v)
    return result


def main():
    args = [a for a in sys.argv[1:] if not a.startswith('--')]
    library = args[0] if args else os.path.join(os.path.dirname(__file__), '..', 'Sources', 'DeckBench')
    nodes, edges = graph(library)
    if '--edges' in sys.argv:
        for (a, b), where in sorted(edges.items()):
            print(f'{a} -> {b}: ' + '; '.join(f'{p} ({", ".join(sorted(t))})' for p, t in sorted(where.items())))
    else:
        for a in nodes:
            print(f'{a} -> ' + ', '.join(sorted(b for (x, b) in edges if x == a)))
    knots = [c for c in components(nodes, edges) if len(c) > 1]
    print(f'{len(nodes)} folders, {len(edges)} edges, {len(knots)} component(s) of more than one folder')
    for c in knots: print(f'  {len(c)}: ' + ' '.join(c))


if __name__ == '__main__':
    main()
