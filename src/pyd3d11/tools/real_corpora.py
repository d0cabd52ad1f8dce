"""``python -m pyd3d11.tools.real_corpora [--corpus NAME ...] [--mirror DIR] [-v]``

Compiles public D3D11 shader sets exactly as their own build scripts compile them, reading every source
(and every ``#include``) at run time from a git mirror of the project — nothing of them is part of this
repository. The build scripts are the projects' ``CompileShaders.cmd``-style batch files: each ``fxc``
command line they run (``set fxc=%PCFXC% "%1.fx" %FXCOPTS% /T%2_4_0 /E%3 ...`` inside a ``:CompileShader``
label, instantiated by every ``call :CompileShader%1 File stage Entry``; or a command written out in the main
body) is expanded as cmd.exe expands it for the PC build (``%1`` of the script empty), then parsed by
:func:`pyd3d11.tools.fxc.parse_args` into profile, entry, ``/D`` defines and flags (``/WX /Ges /Zpc /Zi``
→ D3DCOMPILE_*). ``#include`` is resolved by an ID3DInclude over the mirror (the including file's folder first,
then the compiled file's, as fxc searches).

Visual Studio projects build their shaders from ``<FxCompile Include=…>`` items (:func:`vcxproj_jobs`): the
Release|x64 configuration's ShaderType, ShaderModel (the item's, else the project's ItemDefinitionGroup), entry
point, defines and include folders, as MSBuild's FXC task passes them to fxc.

Corpora (:data:`CORPORA`): ``dxtk`` (microsoft/DirectXTK Src/Shaders), ``dxtex`` (microsoft/DirectXTex: the GPU
BC6H/BC7 compressor and DDSView), ``atg`` (microsoft/Xbox-ATG-Samples, the Direct3D 11 PC samples), ``atg12`` (the same repository's Direct3D 12
PC samples' fxc items, shader model 5.1 included). Prints one line per failing compile and ``N/M as fxc`` per corpus; exit
code 1 when any fails.
"""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from pyd3d11.tools.fxc import parse_args, split_response
from pyd3d11.tools.sdk_samples import Job as _SdkJob
from pyd3d11.tools.sdk_samples import compile_outcome

MIRROR = Path("/work/.mirror")


@dataclass(frozen=True)
class Job(_SdkJob):
    include_dirs: tuple[str, ...] = ()  #: fxc's /I folders (repository paths)


@dataclass(frozen=True)
class Corpus:
    name: str
    repo: str  #: owner+name, the mirror folder
    scripts: tuple[str, ...] = ()  #: the build scripts, paths in the repository
    #: a regular expression over the repository's paths naming the Visual Studio projects whose FxCompile
    #: items are compiled (:func:`vcxproj_jobs`)
    projects: str | None = None
    #: the FxCompile ShaderModel values built (fxc's models: 5.1 only where the corpus asks for it, since
    #: Direct3D 11 itself runs up to 5.0 and a 5.1 object can only be compiled and reflected)
    models: str = r"^(4\.0|4\.1|5\.0)(_level_9_[13])?$"


CORPORA: dict[str, Corpus] = {c.name: c for c in (
    Corpus("dxtk", "microsoft+DirectXTK", ("Src/Shaders/CompileShaders.cmd",)),
    Corpus("dxtex", "microsoft+DirectXTex", ("DirectXTex/Shaders/CompileShaders.cmd", "DDSView/hlsl.cmd")),
    # the PC samples for Direct3D 11 (the *PC12 folders are Direct3D 12, shader model 5.1/6: not built)
    Corpus("atg", "microsoft+Xbox-ATG-Samples", projects=r"^PCSamples/.*(?<!12)/[^/]+\.vcxproj$"),
    # the same repository's Direct3D 12 PC samples: their fxc items, 5.1 included (6.x items are DXC's)
    Corpus("atg12", "microsoft+Xbox-ATG-Samples", projects=r"^PCSamples/.*PC12/[^/]+\.vcxproj$",
           models=r"^(4\.0|4\.1|5\.0|5\.1)$"),
)}


class GitTree:
    """Files of one commit of a bare git mirror (``git show HEAD:path``), cached."""

    def __init__(self, git_dir: Path, rev: str = "HEAD") -> None:
        self.git_dir = Path(git_dir)
        self.rev = rev
        self._cache: dict[str, bytes | None] = {}
        self._names: dict[str, str] | None = None

    def exists(self) -> bool:
        return (self.git_dir / "HEAD").is_file()

    def names(self) -> list[str]:
        """Every file path of the commit, sorted."""
        if self._names is None:
            out = subprocess.run(["git", "--git-dir", str(self.git_dir), "ls-tree", "-r", "--name-only", self.rev],
                                 capture_output=True, check=True).stdout.decode("utf-8", "replace")
            self._names = {n.lower(): n for n in out.splitlines()}
        return sorted(self._names.values())

    def _lookup(self, path: str) -> str | None:
        """The stored spelling of ``path`` (Windows sources include case-insensitively)."""
        self.names()
        assert self._names is not None
        return self._names.get(path.lower())

    def read(self, path: str) -> bytes | None:
        norm = str(PurePosixPath(*[p for p in path.replace("\\", "/").split("/") if p not in ("", ".")]))
        parts: list[str] = []
        for p in norm.split("/"):  # fold ".." (an include may climb out of its folder)
            if p == "..":
                if parts:
                    parts.pop()
            else:
                parts.append(p)
        norm = "/".join(parts)
        if norm not in self._cache:
            real = self._lookup(norm)
            data = None
            if real is not None:
                data = subprocess.run(["git", "--git-dir", str(self.git_dir), "show", f"{self.rev}:{real}"],
                                      capture_output=True, check=True).stdout
            self._cache[norm] = data
        return self._cache[norm]


class GitInclude:
    """ID3DInclude over a :class:`GitTree`: the folder of the file holding the ``#include`` (known from the data
    this handler returned for it; the compiled file's folder for the source itself), then the compiled file's."""

    def __init__(self, tree: GitTree, source_path: str, include_dirs: tuple[str, ...] = ()) -> None:
        self.tree = tree
        self.base = str(PurePosixPath(source_path).parent)
        self.include_dirs = include_dirs  #: /I folders (repository paths), searched after the two above
        self.folders: dict[int, str] = {}

    def Open(self, IncludeType: int, pFileName: str, pParentData: Any) -> bytes:  # noqa: N802,N803
        first = self.folders.get(id(pParentData)) if pParentData is not None else None
        for d in dict.fromkeys([first or self.base, self.base, *self.include_dirs]):
            path = f"{d}/{pFileName}" if d not in ("", ".") else pFileName
            data = self.tree.read(path)
            if data is not None:
                self.folders[id(data)] = str(PurePosixPath(path.replace("\\", "/")).parent)
                return data
        raise FileNotFoundError(pFileName)

    def Close(self, pData: Any) -> None:  # noqa: N802,N803
        self.folders.pop(id(pData), None)


_SET = re.compile(r"^\s*set\s+([A-Za-z_]\w*)=(.*)$", re.I)
_CALL = re.compile(r"^\s*call\s+:(\S+)(.*)$", re.I)
_LABEL = re.compile(r"^\s*:([A-Za-z_]\w*)\s*$")


def _expand(text: str, args: list[str], env: dict[str, str]) -> str:
    """cmd.exe's expansion of ``%1``..``%9`` (the call's arguments) and ``%NAME%`` (the script's variables)."""
    text = re.sub(r"%([A-Za-z_]\w*)%", lambda m: env.get(m.group(1).upper(), m.group(0)), text)
    return re.sub(r"%([0-9])", lambda m: args[int(m.group(1))] if int(m.group(1)) < len(args) else "", text)


def script_jobs(tree: GitTree, script: str) -> list[Job]:
    """Every PC fxc compile of one build script, in the script's order (see the module docstring)."""
    raw = tree.read(script)
    if raw is None:
        raise FileNotFoundError(script)
    lines = raw.decode("utf-8", "replace").splitlines()
    folder = str(PurePosixPath(script).parent)
    labels: dict[str, list[str]] = {}
    body: list[str] = []  # lines outside every called label
    current: list[str] = body
    called = {m.group(1).lower().replace("%1", "") for ln in lines if (m := _CALL.match(ln))}
    for ln in lines:
        m = _LABEL.match(ln)
        if m:
            name = m.group(1).lower()
            current = labels.setdefault(name, []) if name in called else body
            continue
        current.append(ln)
    env: dict[str, str] = {}
    for ln in body:  # the variables the fxc lines use (the first FXCOPTS etc.; the fxc path is a marker)
        m = _SET.match(ln)
        if m and m.group(1).upper() not in env and "%PCFXC%" not in m.group(2).upper():
            env[m.group(1).upper()] = m.group(2)
    env["PCFXC"] = "%PCFXC%"
    jobs: list[Job] = []

    def command(line: str, args: list[str]) -> None:
        m = _SET.match(line)
        if not m or not m.group(2).upper().lstrip('"').startswith("%PCFXC%"):
            return
        text = _expand(m.group(2), args, env)
        argv = split_response(text)[1:]  # the first word is fxc itself
        opts = parse_args(argv)
        path = f"{folder}/{opts['file']}" if folder not in ("", ".") else opts["file"]
        dirs = tuple(_join(folder, d) for d in opts["I"])
        jobs.append(Job(path, opts["E"], opts["T"], tuple(opts["D"]), opts["flags"], include_dirs=dirs))

    for ln in body:
        c = _CALL.match(ln)
        if c:
            label = c.group(1).lower().replace("%1", "")  # the PC build: the script's %1 is empty
            args = [label] + c.group(2).split()
            for sub in labels.get(label, []):
                command(sub, args)
        else:
            command(ln, [script])
    return jobs


_MSBUILD = "{http://schemas.microsoft.com/developer/msbuild/2003}"
#: FxCompile ShaderType -> the profile's stage
_SHADER_TYPES = {"Vertex": "vs", "Pixel": "ps", "Geometry": "gs", "Hull": "hs", "Domain": "ds", "Compute": "cs",
                 "Effect": "fx"}
#: FxCompile boolean metadata -> the fxc option MSBuild's FXC task passes when it is true
_FXC_BOOLS = {"TreatWarningAsError": "WX", "DisableOptimizations": "Od", "EnableDebuggingInformation": "Zi",
              "AllResourcesBound": "all_resources_bound",
              "EnableUnboundedDescriptorTables": "enable_unbounded_descriptor_tables"}
CONFIG = "Release|x64"


def _applies(el: Any) -> bool:
    cond = el.get("Condition")
    return cond is None or f"=='{CONFIG}'" in cond.replace(" ", "")


def _metadata(el: Any) -> dict[str, str]:
    return {c.tag.replace(_MSBUILD, ""): (c.text or "").strip() for c in el if _applies(c)}


def _join(folder: str, rel: str) -> str:
    rel = rel.strip().replace("\\", "/")
    return f"{folder}/{rel}" if folder not in ("", ".") else rel


def vcxproj_jobs(tree: GitTree, project: str, models: str = Corpus.models) -> list[Job]:
    """The FxCompile items of one project for :data:`CONFIG`, as fxc command lines (see the module docstring).
    An item without a ShaderType, excluded from the build, or of a shader model ``models`` does not match is
    left out."""
    import xml.etree.ElementTree as ET

    from pyd3d11.tools.fxc import FLAG_OPTIONS

    raw = tree.read(project)
    if raw is None:
        raise FileNotFoundError(project)
    root = ET.fromstring(raw.decode("utf-8-sig", "replace"))
    folder = str(PurePosixPath(project).parent)
    defaults: dict[str, str] = {}
    for group in root.iter(f"{_MSBUILD}ItemDefinitionGroup"):
        if _applies(group):
            for fx in group.iter(f"{_MSBUILD}FXCompile"):
                defaults.update(_metadata(fx))
            for fx in group.iter(f"{_MSBUILD}FxCompile"):
                defaults.update(_metadata(fx))
    jobs: list[Job] = []
    for item in root.iter(f"{_MSBUILD}FxCompile"):
        if item.get("Include") is None:
            continue
        meta = {**defaults, **_metadata(item)}
        stage = _SHADER_TYPES.get(meta.get("ShaderType", ""))
        model = meta.get("ShaderModel", "4.0")
        if stage is None or meta.get("ExcludedFromBuild", "").lower() == "true" or \
                not re.match(models, model) or (stage == "fx" and model != "5.0"):
            continue
        defines = []
        for d in meta.get("PreprocessorDefinitions", "").split(";"):
            d = d.strip()
            if d and not d.startswith("%("):
                n, _, v = d.replace('\\"', '"').partition("=")  # \" is a quote on fxc's command line
                defines.append((n, v or "1"))
        flags = 0
        for key, opt in _FXC_BOOLS.items():
            if meta.get(key, "").lower() == "true":
                flags |= FLAG_OPTIONS[opt]
        dirs = tuple(_join(folder, d) for d in meta.get("AdditionalIncludeDirectories", "").split(";")
                     if d.strip() and not d.strip().startswith("%(") and "$(" not in d)
        jobs.append(Job(_join(folder, item.get("Include")), meta.get("EntryPointName") or "main",
                        f"{stage}_{model.replace('.', '_')}", tuple(defines), flags, include_dirs=dirs))
    return jobs


def corpus_jobs(corpus: Corpus, mirror: Path = MIRROR) -> tuple[GitTree, list[Job]]:
    tree = GitTree(mirror / corpus.repo / "repo")
    jobs = [j for s in corpus.scripts for j in script_jobs(tree, s)]
    if corpus.projects:
        for name in tree.names():
            if re.search(corpus.projects, name):
                jobs.extend(vcxproj_jobs(tree, name, corpus.models))
    return tree, jobs


def compile_job(tree: GitTree, job: Job) -> str | None:
    """None when the compile succeeds with no warning text (the scripts pass /WX), else the error."""
    from pyd3d11.shader.compile_api import D3DCompile

    src = tree.read(job.path)
    if src is None:
        return f"missing {job.path}"
    include = GitInclude(tree, job.path, job.include_dirs)
    return compile_outcome(lambda errors: D3DCompile(src, len(src), job.path, list(job.defines), include,
                                                     job.entry, job.target, job.flags, 0, errors))


def main(argv: list[str]) -> int:
    names = [a.split("=", 1)[1] for a in argv if a.startswith("--corpus=")]
    names += [argv[i + 1] for i, a in enumerate(argv) if a == "--corpus" and i + 1 < len(argv)]
    mirror = next((Path(argv[i + 1]) for i, a in enumerate(argv) if a == "--mirror" and i + 1 < len(argv)), MIRROR)
    verbose = "-v" in argv
    bad = 0
    for name in names or list(CORPORA):
        corpus = CORPORA[name]
        tree, jobs = corpus_jobs(corpus, mirror) if (mirror / corpus.repo / "repo").is_dir() else (None, [])
        if tree is None:
            print(f"{name}: no mirror at {mirror / corpus.repo}")
            continue
        failed = 0
        for job in jobs:
            err = compile_job(tree, job)
            if err:
                failed += 1
                print(f"FAIL {name} {job.name()}: {err}")
            elif verbose:
                print(f"ok   {name} {job.name()}")
        print(f"{name}: {len(jobs) - failed}/{len(jobs)} as fxc")
        bad += failed
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
