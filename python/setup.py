"""pip install for the npuzzle module: the compiled core is built by the project's CMake.

Offline, with Debian's packages only (see the README):
    python3 -m venv --system-site-packages .venv
    .venv/bin/pip install --no-build-isolation ./python
"""

import os
import pathlib
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).resolve().parent.parent
VERSION = re.search(r"project\(npuzzle VERSION ([0-9.]+)",
                    (ROOT / "CMakeLists.txt").read_text()).group(1)


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build = pathlib.Path(self.build_temp).resolve() / "cmake"
        subprocess.check_call([
            "cmake", "-S", str(ROOT), "-B", str(build), "-G", "Ninja",
            "-DCMAKE_BUILD_TYPE=Release", "-DNPUZZLE_PYTHON=ON", "-DNPUZZLE_CLI=OFF",
            "-DNPUZZLE_TESTS=OFF", "-DNPUZZLE_BENCH=OFF", f"-DPython_EXECUTABLE={sys.executable}"])
        subprocess.check_call(["cmake", "--build", str(build), "--target", "npuzzle_python",
                               "-j", str(os.cpu_count() or 1)])
        built = next((build / "python" / "npuzzle").glob("_core*.so"))
        target = pathlib.Path(self.get_ext_fullpath(ext.name)).resolve()
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, target)


setup(
    name="npuzzle",
    version=VERSION,
    description="Sliding-tile puzzles solved exactly and fast (8, 15, 24-puzzle, any size)",
    packages=["npuzzle"],
    package_data={"npuzzle": ["py.typed", "_core.pyi"]},
    ext_modules=[Extension("npuzzle._core", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    python_requires=">=3.9",
)
