from Cython.Build import cythonize
from setuptools import Extension, setup
setup(ext_modules=cythonize([Extension("_shared", ["_shared.pyx"], extra_compile_args=["-O3"])],
      compiler_directives={"language_level": 3}, include_path=["/work/wt-cores"], quiet=True))
