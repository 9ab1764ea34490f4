"""Builds the Cython extensions: one module per game, the core, the search.

The repository keeps its code in top-level folders (``engine/``, ``solver/``,
``tui/``); installed, they are ``ninja_dojo.engine``, ``ninja_dojo.solver``
and ``ninja_dojo.tui`` (``[tool.setuptools.package-dir]`` in
pyproject.toml), so nothing this project installs takes a name another
distribution may use.  Cython finds ``ninja_dojo.engine.core`` through a
tree of links under ``build/cython-include`` made here, as the source
folders are not nested under ``ninja_dojo/``.

``pip install .`` (or ``pip install -e .``) compiles everything; nothing else
is needed.  The games' documents in ``docs/how-to-play`` and ``docs/rules``
ship inside the app's package (``tui/how-to-play``, ``tui/rules``) so its
rules screen can show them from an installed copy.

``NINJA_DOJO_DEBUG_BUILD=1`` builds the debug build instead, as C projects
run their tests under sanitizers: every index checked, so that one out of
its array aborts the process with a report instead of reading or writing
next to it.  Cython's ``boundscheck`` (memoryviews, Python sequences) and
``initializedcheck`` are turned on in copies of the sources (their headers
turn them off for speed, and a header wins over ``cythonize``'s
directives); C arrays, which no Cython directive checks, get gcc's
``-fsanitize=bounds`` with ``-fno-sanitize-recover=all`` so the first
report aborts.  (gcc leaves a struct's last array unchecked, as it might be
a flexible one: the step logs at the end of the game structs.  Its
``-fsanitize=bounds-strict`` would check them, but it also aborts on
CPython's own tuples, whose items are declared ``ob_item[1]``.)  ``wraparound`` stays off: on, a negative index would
quietly read from the end where the normal build reads out of bounds.  It
replaces the compiled modules where it is built, so build it in a copy of
the tree (``.ci/run`` does: ``python setup.py build_ext --inplace`` in a
temporary folder)::

    NINJA_DOJO_DEBUG_BUILD=1 python setup.py build_ext --inplace -j 2
"""
import glob
import os
import re
import shutil

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = "ninja_dojo"
SOURCES = ("engine", "solver", "tui")
INCLUDE = os.path.join(HERE, "build", "cython-include")


def include_tree() -> str:
    """``build/cython-include/ninja_dojo/<folder>`` linked to each source
    folder, so that ``cimport ninja_dojo.engine.core`` resolves."""
    root = os.path.join(INCLUDE, PACKAGE)
    os.makedirs(root, exist_ok=True)
    for folder in SOURCES:
        link = os.path.join(root, folder)
        if os.path.islink(link) and os.readlink(link) == os.path.join(HERE, folder):
            continue
        if os.path.lexists(link):
            os.remove(link)
        os.symlink(os.path.join(HERE, folder), link)
    return INCLUDE


DEBUG_BUILD = os.environ.get("NINJA_DOJO_DEBUG_BUILD", "") == "1"
#: The Cython checks the debug build turns back on.
DEBUG_DIRECTIVES = ("boundscheck", "initializedcheck")
DEBUG_FLAGS = ["-O1", "-g", "-fno-omit-frame-pointer", "-fsanitize=bounds", "-fno-sanitize-recover=all"]


def debug_source(pyx: str) -> str:
    """A copy of ``pyx`` (under ``build/debug-sources``) whose header turns
    the checks of ``DEBUG_DIRECTIVES`` on."""
    with open(os.path.join(HERE, pyx), encoding="utf-8") as f:
        header, _, body = f.read().partition("\n")
    for name in DEBUG_DIRECTIVES:
        header = re.sub(rf"\b{name}\s*=\s*False\b", f"{name}=True", header)
    text = header + "\n" + body
    out = os.path.join("build", "debug-sources", pyx)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    if not os.path.exists(out) or open(out, encoding="utf-8").read() != text:
        with open(out, "w", encoding="utf-8") as f:      # unchanged: no rebuild
            f.write(text)
    return out


#: A game's hot loop (``engine/<game>/rules.pyx``) is compiled alone, without
#: the Python-facing code that shared its C file before the game became a
#: folder.  GCC lets -O3 inlining grow a file by 40% of its size; the smaller
#: file reaches that before the policy's helpers are inlined (San, Ni, Ichi!'s
#: ``exposure_if``: 5.8% more instructions in heuristic playouts), so the
#: rules get the budget back (60% gives the one-module build's counts).
RULES_FLAGS = ["--param=inline-unit-growth=60"]


#: every core for the build: some 25 modules (pip's builds, the editable
#: install and the wheel, would otherwise compile them one at a time)
CORES = os.cpu_count() or 1


def extensions():
    mods = []
    for pyx in sorted(glob.glob("engine/**/*.pyx", recursive=True) + glob.glob("solver/*.pyx")):
        name = PACKAGE + "." + pyx[:-4].replace(os.sep, ".")
        if DEBUG_BUILD:
            mods.append(Extension(name, [debug_source(pyx)], extra_compile_args=DEBUG_FLAGS,
                                  extra_link_args=["-fsanitize=bounds"]))
        else:
            rules = os.path.basename(pyx) == "rules.pyx"
            mods.append(Extension(name, [pyx], extra_compile_args=["-O3", *(RULES_FLAGS if rules else [])]))
    return cythonize(
        mods,
        compiler_directives={"language_level": 3},
        include_path=[include_tree()],
        quiet=True,
        nthreads=CORES,
    )


class BuildExtInParallel(build_ext):
    """``build_ext`` compiling the modules on every core unless ``-j`` says otherwise."""

    def finalize_options(self):
        super().finalize_options()
        if not self.parallel:
            self.parallel = CORES


#: the folders of docs/ the in-app rules screen shows (``tui.docs``), copied into the package
GAME_DOCUMENTS = ("how-to-play", "rules")


class BuildPyWithRules(build_py):
    """Copies docs/how-to-play/*.md and docs/rules/*.md into the app's
    package (the in-app rules screen)."""

    def run(self):
        super().run()
        for folder in GAME_DOCUMENTS:
            target = os.path.join(self.build_lib, PACKAGE, "tui", folder)
            os.makedirs(target, exist_ok=True)
            for md in glob.glob(os.path.join(HERE, "docs", folder, "*.md")):
                shutil.copy(md, target)


setup(ext_modules=extensions(), cmdclass={"build_py": BuildPyWithRules, "build_ext": BuildExtInParallel})
