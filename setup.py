"""Builds the Cython extensions: one module per game, the core, the search.

``pip install .`` (or ``pip install -e .``) compiles everything; nothing else
is needed.  The rules documents in ``docs/rules`` ship inside ``tui`` so the
app's rules screen can show them from an installed copy.
"""
import glob
import os
import shutil

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))


def extensions():
    mods = []
    for pyx in sorted(glob.glob("engine/*.pyx") + glob.glob("solver/*.pyx")):
        name = pyx[:-4].replace("/", ".")
        mods.append(Extension(name, [pyx], extra_compile_args=["-O3"]))
    return cythonize(
        mods,
        compiler_directives={"language_level": 3},
        include_path=[HERE],
        quiet=True,
    )


class BuildPyWithRules(build_py):
    """Copies docs/rules/*.md into the tui package (the in-app rules screen)."""

    def run(self):
        super().run()
        target = os.path.join(self.build_lib, "tui", "rules")
        os.makedirs(target, exist_ok=True)
        for md in glob.glob(os.path.join(HERE, "docs", "rules", "*.md")):
            shutil.copy(md, target)


setup(ext_modules=extensions(), cmdclass={"build_py": BuildPyWithRules})
