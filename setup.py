"""Maps the top-level folders under the ``polemos`` import namespace (design.md, Layout).

Listing packages by hand lets a built wheel silently drop a new sub-package; walking the folders
here makes every package with an ``__init__.py`` part of the distribution.
"""

from setuptools import find_packages, setup

FOLDERS = {"core": "polemos.core", "plugins": "polemos.plugins",
           "rulesets": "polemos.rulesets", "scenarios": "polemos.scenarios"}

packages: list[str] = []
package_dir: dict[str, str] = {}
for folder, name in FOLDERS.items():
    packages.append(name)
    package_dir[name] = folder
    packages.extend(f"{name}.{sub}" for sub in find_packages(folder))

setup(packages=packages, package_dir=package_dir)
