#!/usr/bin/env python3
"""Fails (exit 1, one line per problem) when the docs name something that
no longer exists:
  - in README.md, CHANGELOG.md, CONTRIBUTING.md, docs/*.md and the READMEs
    under contrib/ and tests/vectors/: a relative markdown link, or a path
    in backticks that starts with one of the repository's top folders
    (src/, tests/, tools/, ...), whose file or folder is missing (a
    "path:line" or "path:name" suffix is ignored);
  - in the code, the build and the scripts: a reference README "Title" or
    docs/<file>.md "Title" to a section that file has no heading for (the
    title may be the start of the heading);
  - in README.md: a code block after a `<!-- example: PATH -->` line that
    is not PATH's exact contents (--fix rewrites those blocks from the files).
Usage: tools/check-doc-refs.py [--fix] [repository root]   (run by tests/host_doc_refs.cmake)
"""
import glob
import os
import re
import sys

args = [a for a in sys.argv[1:] if a != "--fix"]
fix = "--fix" in sys.argv[1:]
root = args[0] if args else os.path.join(os.path.dirname(__file__), "..")
os.chdir(root)
TOP = ("src/", "tests/", "tools/", "include/", "bench/", "contrib/", "docs/", "cmake/", "examples/",
       ".ci/")
problems = []

docs = ["README.md", "CHANGELOG.md", "CONTRIBUTING.md"] + sorted(glob.glob("docs/*.md"))
docs += sorted(glob.glob("contrib/*/README.md")) + sorted(glob.glob("tests/vectors/*/README.md"))
for doc in docs:
    if not os.path.exists(doc):
        continue
    text = open(doc, encoding="utf-8").read()
    base = os.path.dirname(doc)
    for m in re.finditer(r"\]\(([^)#\s]+)(#[^)]*)?\)", text):
        target = m.group(1)
        if "://" in target or target.startswith("mailto:"):
            continue
        if not os.path.exists(os.path.normpath(os.path.join(base, target))):
            problems.append("%s: link to %s, which does not exist" % (doc, target))
    for m in re.finditer(r"`([^`\s]+)`", text):
        path = m.group(1).rstrip(".,;")
        if not path.startswith(TOP) or any(c in path for c in "*<>{}$|"):
            continue
        path = path.split(":")[0]
        if not (os.path.exists(path) or os.path.exists(os.path.join(base, path))):
            problems.append("%s: names %s, which does not exist" % (doc, path))

EXAMPLE = re.compile(r"(<!-- example: (\S+) -->\n```c\n)(.*?)(```\n)", re.S)
readme = open("README.md", encoding="utf-8").read()
for m in EXAMPLE.finditer(readme):
    if not os.path.exists(m.group(2)):
        problems.append("README.md: example %s does not exist" % m.group(2))
    elif open(m.group(2), encoding="utf-8").read() != m.group(3) and not fix:
        problems.append("README.md: the code block of %s differs from the file (--fix)" % m.group(2))
if fix:
    readme = EXAMPLE.sub(lambda m: m.group(1) + open(m.group(2), encoding="utf-8").read() +
                         m.group(4), readme)
    open("README.md", "w", encoding="utf-8").write(readme)

def headings(doc):
    if not os.path.exists(doc):
        return None
    return [h.strip() for h in re.findall(r"^#+ (.*)$", open(doc, encoding="utf-8").read(), re.M)]

code = []
for top in ("src", "include", "tests", "tools", "contrib", "bench", "examples", "cmake", ".ci"):
    for dirpath, _, names in os.walk(top):
        if dirpath.startswith(os.path.join("tests", "vectors")):
            continue
        code += [os.path.join(dirpath, n) for n in names]
code.append("CMakeLists.txt")
for path in sorted(code):
    try:
        text = open(path, encoding="utf-8").read()
    except (UnicodeDecodeError, IsADirectoryError):
        continue
    if path == os.path.join("tools", "check-doc-refs.py"):
        continue
    for m in re.finditer(r'(README|docs/[\w-]+\.md) "([^"]+)"', text):
        doc = "README.md" if m.group(1) == "README" else m.group(1)
        # a title wrapped over comment lines: one space per break
        title = re.sub(r"\s*\n\s*(?:\*|//|#)?\s*", " ", m.group(2))
        found = headings(doc)
        if found is None:
            problems.append('%s: refers to %s, which does not exist' % (path, doc))
        elif not any(h.startswith(title) for h in found):
            problems.append('%s: refers to %s "%s", which has no such heading' % (path, doc, title))

for p in problems:
    print(p)
sys.exit(1 if problems else 0)
