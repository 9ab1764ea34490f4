"""Builds the Cython extensions: one module per game, the core, the search.

The repository keeps its code in top-level folders (``engine/``, ``solver/``,
``tui/``); installed, they are ``ninja_dojo.engine``, ``ninja_dojo.solver``
and ``ninja_dojo.tui`` (``[tool.setuptools.package-dir]`` in
pyproject.toml), so nothing this project installs takes a name another
distribution may use.  Cython finds ``ninja_dojo.engine.core`` through a
tree of links under ``build/cython-include`` made here, as the source
folders are not nested under ``ninja_dojo/``.

``pip install .`` (or ``pip install -e .``) compiles everything; nothing else
is needed.  The rules documents in ``docs/rules`` ship inside the app's
package so its rules screen can show them from an installed copy.
"""
import glob
import os
import shutil

from Cython.Build import cythonize
from setuptools import Extension, setup
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


def extensions():
    mods = []
    for pyx in sorted(glob.glob("engine/*.pyx") + glob.glob("solver/*.pyx")):
        name = PACKAGE + "." + pyx[:-4].replace("/", ".")
        mods.append(Extension(name, [pyx], extra_compile_args=["-O3"]))
    return cythonize(
        mods,
        compiler_directives={"language_level": 3},
        include_path=[include_tree()],
        quiet=True,
    )


class BuildPyWithRules(build_py):
    """Copies docs/rules/*.md into the app's package (the in-app rules screen)."""

    def run(self):
        super().run()
        target = os.path.join(self.build_lib, PACKAGE, "tui", "rules")
        os.makedirs(target, exist_ok=True)
        for md in glob.glob(os.path.join(HERE, "docs", "rules", "*.md")):
            shutil.copy(md, target)


setup(ext_modules=extensions(), cmdclass={"build_py": BuildPyWithRules})
